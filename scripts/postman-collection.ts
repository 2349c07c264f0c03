// The Postman collection of the OpenAPI document (docs/design.md "Operation ids"), made with
// Postman's own converter and then wired for a first run: the bearer token of Authenticate stored in
// a collection variable every other request uses, and the ids that Simulation Create and Process
// Create answer stored for the requests that name them. Deterministic: the converter's random ids
// are dropped, so the committed copy changes only when the document does.
import Converter from 'openapi-to-postmanv2'

type Json = Record<string, any>

const STORE: Record<string, string[]> = {
  Authenticate: [
    "const body = pm.response.json();",
    "pm.collectionVariables.set('accessToken', body.accessToken);",
    "pm.collectionVariables.set('partnerUniqueID', body.partnerUniqueID);",
  ],
  'Simulation Create': ["pm.collectionVariables.set('simulationUniqueId', pm.response.json().additionalData.simulationUniqueID);"],
  'Process Create': ["pm.collectionVariables.set('processUniqueId', pm.response.json().additionalData.processUniqueID);"],
}
// Path variables filled from what earlier requests stored.
const FROM_VARIABLES = new Set(['simulationUniqueId', 'processUniqueId', 'partnerUniqueID'])

function convert(openapi: unknown): Promise<Json> {
  // The converter reports on console.warn what it cannot fake (merged allOf defaults); it fakes
  // only the answers dropped below, so those reports say nothing about the collection.
  const report = console.warn
  console.warn = () => {}
  return new Promise<Json>((resolve, reject) => {
    Converter.convert(
      { type: 'json', data: openapi as Json },
      { folderStrategy: 'Tags', requestParametersResolution: 'Example', exampleParametersResolution: 'Example' },
      (error: unknown, result: Json | undefined) => {
        if (error) reject(error)
        else if (!result?.result) reject(new Error(`openapi-to-postmanv2: ${result?.reason}`))
        else resolve(result.output[0].data)
      },
    )
  }).finally(() => {
    console.warn = report
  })
}

function wire(node: Json): void {
  delete node.id
  delete node._postman_id
  if (node.request) {
    const script = STORE[node.name as string]
    if (script) node.event = [{ listen: 'test', script: { type: 'text/javascript', exec: script } }]
    for (const variable of node.request.url?.variable ?? []) if (FROM_VARIABLES.has(variable.key)) variable.value = `{{${variable.key}}}`
    // Bearer requests use the collection's token (Authenticate's), the operator's the operator token.
    if (node.request.auth?.type === 'bearer') {
      const operator = (node.request.url?.path ?? []).join('/').startsWith('sandbox/operator')
      if (operator) node.request.auth = { type: 'bearer', bearer: [{ key: 'token', value: '{{operatorToken}}', type: 'string' }] }
      else delete node.request.auth
    }
    // The converter fakes example answers from the schemas, at random: the OpenAPI document and
    // /docs have the real ones; without them the collection is small and the same at every build.
    delete node.response
    for (const field of node.request.body?.formdata ?? []) if (field.type === 'text' && !/^\d+$/.test(String(field.value))) field.value = ''
    // Query parameters are optional filters: off, to be filled in (the converter would fake values).
    for (const parameter of node.request.url?.query ?? []) Object.assign(parameter, { disabled: true, value: '' })
  }
  for (const child of node.item ?? []) wire(child)
}

/** The collection, ready to import into Postman or to run with Newman against `baseUrl`. */
export async function postmanCollection(openapi: unknown): Promise<Json> {
  const collection = await convert(openapi)
  wire(collection)
  collection.info = { name: 'Mortgage Partner Portal API (sandbox)', description: 'Run Authentication › Authenticate first: it stores the token every other request sends.', schema: collection.info.schema }
  collection.auth = { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] }
  collection.variable = [
    { key: 'baseUrl', value: 'http://localhost:8080', type: 'string' },
    ...['accessToken', 'partnerUniqueID', 'simulationUniqueId', 'processUniqueId', 'operatorToken'].map((key) => ({ key, value: '', type: 'string' })),
  ]
  return collection
}
