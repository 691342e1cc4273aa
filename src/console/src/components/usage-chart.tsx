import { useComputedColorScheme } from '@mantine/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useMoney } from '../lib/hooks';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface Row { day: string | null; modelId: string | null; cost: string; requests: number }

/** Daily cost stacked by model over the given days (YYYY-MM-DD in the user's zone; days without usage show as zero). */
export default function UsageChart({ rows, days }: { rows: readonly Row[]; days: readonly string[] }) {
  const element = useRef<HTMLDivElement>(null);
  const money = useMoney();
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    if (!element.current) return;
    const models = [...new Set(rows.map((r) => r.modelId ?? '—'))];
    const series = models.map((model) => ({
      name: model,
      type: 'bar' as const,
      stack: 'cost',
      data: days.map((day) => rows.filter((r) => r.day === day && (r.modelId ?? '—') === model).reduce((sum, r) => sum + Number(r.cost), 0)),
    }));
    const chart = echarts.init(element.current, scheme === 'dark' ? 'dark' : undefined);
    chart.setOption({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => money(String(Math.round(Number(v)))).money },
      legend: { type: 'scroll', bottom: 0 },
      grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => money(String(Math.round(v))).money.replace(/ USD$/, '') } },
      series,
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); chart.dispose(); };
  }, [rows, days, scheme, money]);
  return <div ref={element} style={{ width: '100%', height: 280 }} role="img" aria-label="usage chart" />;
}
