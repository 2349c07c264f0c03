import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import type { TestSandbox } from '../../support/test-app.ts'
import { coBorrowerCompletion, SAMPLE_PDF as FIXTURE_PDF, keyBorrowerCompletion, PROPERTY_COMPLETION } from '../../../src/modules/sandbox-control/sample-data.ts'

/** An eligible simulation of the broker of `token` (broker A by default), its id. */
export async function eligibleSimulation(sandbox: TestSandbox, token?: string, input: unknown = SIMULATION_INPUT_EXAMPLE): Promise<string> {
  const res = await sandbox.call('POST', '/v1/simulations', { body: input, ...(token ? { token } : {}) })
  if (res.status !== 201 || res.json.additionalData.elegibility !== true) throw new Error(`simulation not eligible: ${res.status} ${res.text}`)
  return res.json.additionalData.simulationUniqueID as string
}

/** A Draft process created from a fresh eligible simulation (two borrowers): its id, number and simulation. */
export async function draftProcess(sandbox: TestSandbox, token?: string, input?: unknown) {
  const simulationUniqueId = await eligibleSimulation(sandbox, token, input)
  const res = await sandbox.call('POST', '/v1/processes', { body: { simulationUniqueId }, ...(token ? { token } : {}) })
  if (res.status !== 201) throw new Error(`process create failed: ${res.status} ${res.text}`)
  return { processUniqueId: res.json.additionalData.processUniqueID as string, processNumber: res.json.additionalData.processNumber as number, simulationUniqueId }
}

export const processPath = (processUniqueId: string, rest = '') => `/v1/processes/${processUniqueId}${rest}`
export const borrowerPath = (processUniqueId: string, borrowerUniqueId?: string) => processPath(processUniqueId, `/borrower${borrowerUniqueId ? `/${borrowerUniqueId}` : ''}`)

/** The borrowers of a process, key borrower first. */
export async function borrowerIds(sandbox: TestSandbox, processUniqueId: string): Promise<string[]> {
  const res = await sandbox.call('GET', borrowerPath(processUniqueId))
  return (res.json.borrowerList as Array<{ borrowerUniqueID: string }>).map((b) => b.borrowerUniqueID)
}

/** A date `years` from the sandbox clock, YYYY-MM-DD. */
export const yearsFromNow = (sandbox: TestSandbox, years: number) => {
  const d = sandbox.clock.now()
  return `${d.getUTCFullYear() + years}${d.toISOString().slice(4, 10)}`
}

/** What the key borrower copied from the simulation lacks to be submitted (merge patch of Borrower Update). */
export const completeKeyBorrower = (sandbox: TestSandbox) => keyBorrowerCompletion(sandbox.clock.now())

/** What the second borrower copied from the simulation lacks: the relation, personal and professional data. */
export const completeCoBorrower = (sandbox: TestSandbox) => coBorrowerCompletion(sandbox.clock.now())

/** The property data Submit requires beyond what the simulation gave (location ids stay as generated). */
export const completeProperty = PROPERTY_COMPLETION

export const PDF = FIXTURE_PDF
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9])
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52])

export interface UploadFields {
  file?: { bytes: Uint8Array; name: string; type?: string }
  documentTypeId?: string | number
  borrowerUniqueId?: string
  description?: string
  [extra: string]: unknown
}

/** A multipart upload (Document Create, or Update with method PUT) as broker A or the token given. */
export async function upload(sandbox: TestSandbox, path: string, fields: UploadFields, options: { method?: string; token?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (name === 'file') {
      const file = value as NonNullable<UploadFields['file']>
      form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name)
    } else form.append(name, String(value))
  }
  const res = await sandbox.request(path, {
    method: options.method ?? 'POST',
    headers: { Authorization: `Bearer ${options.token ?? sandbox.tokens.a}`, ...options.headers },
    body: form,
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: text.startsWith('{') ? JSON.parse(text) : undefined }
}

/** Uploads one document of every mandatory type, each borrower's own and the property's. */
export async function uploadMandatoryDocuments(sandbox: TestSandbox, processUniqueId: string) {
  const borrowers = await borrowerIds(sandbox, processUniqueId)
  const path = processPath(processUniqueId, '/document')
  for (const borrowerUniqueId of borrowers) {
    for (const documentTypeId of [1, 5, 14]) {
      const res = await upload(sandbox, path, { file: { bytes: PDF, name: `doc-${documentTypeId}.pdf` }, documentTypeId, borrowerUniqueId })
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`)
    }
  }
  for (const documentTypeId of [21, 22]) {
    const res = await upload(sandbox, path, { file: { bytes: JPEG, name: `property-${documentTypeId}.jpg` }, documentTypeId })
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`)
  }
}

/** Completes a Draft process through the API until Submit accepts it. */
export async function completeProcess(sandbox: TestSandbox, processUniqueId: string) {
  const [key, co] = await borrowerIds(sandbox, processUniqueId)
  for (const [id, patch] of [
    [key!, completeKeyBorrower(sandbox)],
    [co!, completeCoBorrower(sandbox)],
  ] as const) {
    const res = await sandbox.call('PUT', borrowerPath(processUniqueId, id), { body: patch })
    if (res.status !== 200) throw new Error(`borrower update failed: ${res.status} ${res.text}`)
  }
  await uploadMandatoryDocuments(sandbox, processUniqueId)
  const property = (await sandbox.call('GET', processPath(processUniqueId, '/property'))).json.propertyList[0]
  const res = await sandbox.call('PUT', processPath(processUniqueId, `/property/${property.propertyUniqueId}`), { body: completeProperty })
  if (res.status !== 200) throw new Error(`property update failed: ${res.status} ${res.text}`)
}

/** The notifications stored for a process, oldest first: [typeId, body.data]. */
export function notificationsOf(sandbox: TestSandbox, column: 'process_unique_id' | 'simulation_unique_id', id: string) {
  return (sandbox.db.prepare(`SELECT notification_type_id AS type, body FROM notification WHERE ${column} = ? ORDER BY seq`).all(id) as Array<{ type: number; body: string }>).map(
    (row) => ({ type: row.type, body: JSON.parse(row.body) as Record<string, unknown> }),
  )
}
