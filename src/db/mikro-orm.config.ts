// Used only by the MikroORM CLI (`npm run migration:create`).
import { ormOptions } from './orm-options';

export default ormOptions({
  clientUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway_dev',
  poolMax: 2,
});
