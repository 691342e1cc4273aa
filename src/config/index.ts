// The gateway's settings. load-config.ts parses and checks the environment (whose variables the
// env-*.ts files define by subject) into the Config object of config-shape.ts, which is what the
// rest of the code imports.
export { ConfigError, loadConfig } from './load-config';
export type { Config, PaymentsConfig } from './config-shape';
