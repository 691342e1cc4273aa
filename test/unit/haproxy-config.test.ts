import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loopbackConfig } from '../support/haproxy-process';

// The cluster check runs the deployed balancer configuration with loopback addresses; only the
// addresses may differ, or the check would pass on settings compose does not deploy.

const deployed = readFileSync(join(__dirname, '../../deploy/haproxy.cfg'), 'utf8');
const backends = [{ name: 'g1', url: 'http://127.0.0.1:4001' }, { name: 'g2', url: 'http://127.0.0.1:4002' }];

it('keeps every deployed setting but the addresses, the Docker resolvers and the connection ceiling', () => {
  const local = loopbackConfig(deployed, 45678, backends);
  const settings = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const addressLines = /^(?:bind |server |maxconn |resolvers |nameserver |http-response set-header x-served-by )/;

  expect(settings(local).filter((l) => !addressLines.test(l))).toEqual(settings(deployed).filter((l) => !addressLines.test(l)));
  expect(settings(local)).toEqual(expect.arrayContaining([
    'bind 127.0.0.1:45678', 'server g1 127.0.0.1:4001 check', 'server g2 127.0.0.1:4002 check', 'http-response set-header x-served-by %s',
  ]));
  expect(local).not.toContain('resolvers');
  expect(local).not.toContain('gateway-1');
});

it('refuses a deployed file it cannot map to loopback', () => {
  expect(() => loopbackConfig(deployed.replace(/^\s*bind .*$/m, ''), 1, backends)).toThrow(/no frontend bind/);
});
