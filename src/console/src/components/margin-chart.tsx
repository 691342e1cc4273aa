import { useComputedColorScheme } from '@mantine/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useMoney } from '../lib/hooks';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface MarginDay { day: string | null; cost: string; upstreamCost: string | null; margin: string | null }

/** Revenue and upstream cost per day as bars, the margin as a line (quota units shown as money). */
export default function MarginChart({ rows, labels }: { rows: readonly MarginDay[]; labels: { revenue: string; cost: string; margin: string; chart: string } }) {
  const element = useRef<HTMLDivElement>(null);
  const money = useMoney();
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    if (!element.current) return;
    const days = rows.map((r) => (r.day ?? '').slice(5));
    const chart = echarts.init(element.current, scheme === 'dark' ? 'dark' : undefined);
    chart.setOption({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => money(String(Math.round(Number(v)))).money },
      legend: { bottom: 0 },
      grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => money(String(Math.round(v))).money.replace(/ USD$/, '') } },
      series: [
        { name: labels.revenue, type: 'bar', data: rows.map((r) => Number(r.cost)) },
        { name: labels.cost, type: 'bar', data: rows.map((r) => Number(r.upstreamCost ?? 0)) },
        { name: labels.margin, type: 'line', data: rows.map((r) => Number(r.margin ?? 0)) },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); chart.dispose(); };
  }, [rows, scheme, money, labels]);
  return <div ref={element} style={{ width: '100%', height: 280 }} role="img" aria-label={labels.chart} data-testid="margin-chart" />;
}
