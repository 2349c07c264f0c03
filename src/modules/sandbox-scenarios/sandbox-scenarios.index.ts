import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as routes from './sandbox-scenarios.routes.ts'

export const sandboxScenariosRouter = () =>
  new OpenAPIHono<AppEnv>().openapi(routes.listScenarios, (c) =>
    c.json(
      {
        scenarioList: c.get('deps').scenarios.all().map((s) => ({
          name: s.name,
          description: s.description[c.get('lang')],
          header: s.triggers.header,
          magicValues: s.triggers.magicValues,
          effects: s.effects,
        })),
      },
      200,
    ),
  )
