#!/usr/bin/env node
// Plays one journey through a running sandbox's HTTP API and writes what it made, as that version
// answered it, to a manifest: the upgrade test (test/db/upgrade-fixtures.test.ts) opens the
// database the journey left with the current version and expects the same answers.
// Plain fetch only, so it runs against any released version (docs/releasing.md).
//
//   node scripts/make-upgrade-fixture.mjs --url http://localhost:18010 \
//     --operator-token <SANDBOX_OPERATOR_TOKEN of that server> --out test/fixtures/upgrades/0.1.0/manifest.json
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { url: { type: 'string' }, 'operator-token': { type: 'string' }, out: { type: 'string' } } })
if (!values.url || !values['operator-token'] || !values.out) {
  console.error('usage: make-upgrade-fixture.mjs --url <sandbox> --operator-token <token> --out <manifest.json>')
  process.exit(2)
}
const base = values.url.replace(/\/$/, '')
const operator = values['operator-token']

async function call(method, path, { token, json, form, headers = {} } = {}) {
  const init = { method, headers: { ...headers } }
  if (token) init.headers.Authorization = `Bearer ${token}`
  if (json !== undefined) {
    init.headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(json)
  }
  if (form) init.body = form
  const res = await fetch(base + path, init)
  const text = await res.text()
  const body = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text
  return { status: res.status, body }
}

async function ok(method, path, options, expected = [200, 201]) {
  const res = await call(method, path, options)
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

const login = async (username, password) => (await ok('POST', '/v1/authentication', { json: { username, password } })).accessToken

const version = await ok('GET', '/v1/health/version')
const madeAt = new Date().toISOString()

// Partners: one active with a second broker and user, one suspended.
const partner = await ok('POST', '/sandbox/operator/partners', { token: operator, json: { partnerName: 'Casa Antiga Crédito, Lda.', contactEmail: 'dev@casa-antiga.example' } })
const suspended = await ok('POST', '/sandbox/operator/partners', { token: operator, json: { partnerName: 'Suspensa Lda.', contactEmail: 'dev@suspensa.example' } })
await ok('POST', `/sandbox/operator/partners/${suspended.partnerUniqueID}/suspend`, { token: operator, json: { reason: 'Fixture' } })
const admin = await login(partner.username, partner.password)
const broker = await ok('POST', '/sandbox/account/brokers', { token: admin, json: { name: 'Casa Antiga Porto', registrationNumber: '0004127' } })
const user = await ok('POST', '/sandbox/account/users', { token: admin, json: { brokerId: broker.brokerId, name: 'Marta Lopes', email: 'marta@casa-antiga.example' } })
const userToken = await login(user.username, user.password)

// A simulation and a process of the first broker, with both borrowers and a document.
const simulationInput = {
  loanSimulator: {
    loanDurationMonths: 360,
    loanAmount: 200000,
    productSchemeId: 1,
    loanPurposeId: 1,
    productPurposeId: 1,
    hasCrossSelling: true,
    interestRateTypeID: 2,
    indexTypeID: 2,
    youthCredit: false,
  },
  borrowersSimulator: {
    numberOfborrowers: 2,
    keyBorrowerName: 'Ana Sofia Martins',
    keyBorrowerBirthDate: '1994-04-12',
    keyBorrowerIncomeWagesPensions: 2600,
    keyBorrowerIncomeGreenReceipts: 0,
    keyBorrowerIncomeRents: 0,
    keyBorrowerIncomeOthers: 0,
    keyBorrowerInstallmentHousingCredit: 0,
    keyBorrowerInstallmentPersonalCredit: 150,
    keyBorrowerInstallmentAutoLeasingCredit: 0,
    keyBorrowerInstallmentCreditCard: 0,
    keyBorrowerInstallmentBankOverdraft: 0,
    keyBorrowerInstallmentOther: 0,
    borrowerName: 'João Pedro Almeida',
    borrowerBirthDate: '1993-09-30',
    borrowerIncomeWagesPensions: 2100,
    borrowerIncomeGreenReceipts: 0,
    borrowerIncomeRents: 0,
    borrowerIncomeOthers: 0,
    borrowerInstallmentHousingCredit: 0,
    borrowerInstallmentPersonalCredit: 0,
    borrowerInstallmentAutoLeasingCredit: 0,
    borrowerInstallmentCreditCard: 0,
    borrowerInstallmentBankOverdraft: 0,
    borrowerInstallmentOther: 0,
  },
  propertySimulator: { acquisitionAmount: 250000, evaluationEstimatedAmount: 255000, sustainabilityCampaign: false },
}
const simulationId = (await ok('POST', '/v1/simulations', { token: admin, json: simulationInput, headers: { 'X-Request-Id': 'fixture-simulation-create' } })).additionalData
  .simulationUniqueID
const processSimulationId = (await ok('POST', '/v1/simulations', { token: admin, json: simulationInput })).additionalData.simulationUniqueID
const processId = (await ok('POST', '/v1/processes', { token: admin, json: { simulationUniqueId: processSimulationId } })).additionalData.processUniqueID
const borrowers = (await ok('GET', `/v1/processes/${processId}/borrower`, { token: admin })).borrowerList.map((b) => b.borrowerUniqueID)
await ok('PUT', `/v1/processes/${processId}/borrower/${borrowers[0]}`, { token: admin, json: { personalDataBorrowerRequest: { mobile: '+351912345678' } } })
const form = new FormData()
form.append('documentTypeId', '21')
form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')], { type: 'application/pdf' }), 'caderneta.pdf')
const documentId = (await ok('POST', `/v1/processes/${processId}/document`, { token: admin, form })).additionalData.documentUniqueID
await ok('POST', `/v1/simulations/${simulationId}/message`, { token: admin, json: { messageText: 'Mensagem do mediador.' } })
await ok('POST', `/sandbox/simulations/${simulationId}/message`, { token: admin, json: { messageText: 'Mensagem do banco.' } })
// A callback configuration: its signing secret is stored in clear by the versions before secrets at rest.
const callback = await ok('PUT', `/${partner.partnerUniqueID}/callbacks/6`, { token: admin, json: { callbackUrl: 'https://hooks.casa-antiga.example/simulations' } })
// The second broker's own simulation.
const otherSimulationId = (await ok('POST', '/v1/simulations', { token: userToken, json: simulationInput })).additionalData.simulationUniqueID

// What this version answers for each, to be answered alike after the upgrade.
const reads = {}
const read = async (name, path, token, expected = [200]) => {
  const res = await call('GET', path, { token })
  reads[name] = { path, as: token === operator ? 'operator' : token === admin ? 'admin' : 'user', status: res.status, body: res.body }
  if (!expected.includes(res.status)) throw new Error(`${path}: ${res.status}`)
}
await read('account', '/sandbox/account', admin)
await read('simulation', `/v1/simulations/${simulationId}`, admin)
await read('simulations', '/v1/simulations', admin)
await read('otherSimulation', `/v1/simulations/${otherSimulationId}`, userToken)
await read('process', `/v1/processes/${processId}`, admin)
await read('borrowers', `/v1/processes/${processId}/borrower`, admin)
await read('borrower', `/v1/processes/${processId}/borrower/${borrowers[0]}`, admin)
await read('coBorrower', `/v1/processes/${processId}/borrower/${borrowers[1]}`, admin)
await read('documents', `/v1/processes/${processId}/document`, admin)
await read('document', `/v1/processes/${processId}/document/${documentId}`, admin)
await read('property', `/v1/processes/${processId}/property`, admin)
await read('messages', `/v1/simulations/${simulationId}/message`, admin)
await read('callbacks', `/${partner.partnerUniqueID}/callbacks`, admin)
await read('partners', '/sandbox/operator/partners', operator)
// The request journal exists from 0.2.0 on; an older version answers 404.
await read('journal', '/sandbox/requests', admin, [200, 404])

const manifest = {
  version: version.version ?? version,
  madeAt,
  operatorToken: operator,
  // Fixture credentials, made for this file alone: the test logs in with them after the upgrade.
  logins: [
    { username: partner.username, password: partner.password },
    { username: user.username, password: user.password },
  ],
  ids: {
    partner: partner.partnerUniqueID,
    suspendedPartner: suspended.partnerUniqueID,
    broker: broker.brokerId,
    user: user.userId,
    simulationId,
    processSimulationId,
    otherSimulationId,
    processId,
    borrowers,
    documentId,
  },
  callback,
  reads,
}
writeFileSync(values.out, JSON.stringify(manifest, null, 2) + '\n')
console.log(`wrote ${values.out}: version ${manifest.version}`)
