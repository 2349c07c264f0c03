// The journeys the Postman collections run (scripts/postman-collection.ts): each step names an
// operation of the documents by its operationId, the status it must answer, and what it stores for
// the steps after it. Bodies are the documents' own examples unless a step gives one.

export interface Step {
  name: string
  operationId: string
  status: number
  /** Path parameter → the collection variable that fills it (default: the variable of the same name). */
  path?: Record<string, string>
  query?: Record<string, string>
  /** The JSON body (default: the operation's example); null sends none. */
  body?: unknown
  formdata?: Array<{ key: string; value: string; type: 'text' }>
  /** Collection variable → a script expression over `body` (the parsed answer). */
  store?: Record<string, string>
  /** Nested fields the answer must have, beyond its schema's required ones. */
  fields?: string[]
  /** The errorField a refusal must name. */
  refusedField?: string
  prerequest?: string[]
  note?: string
}

const LOGIN: Step[] = [
  {
    name: 'Authenticate',
    operationId: 'authenticate',
    status: 200,
    body: { username: '{{username}}', password: '{{password}}' },
    store: { accessToken: 'body.accessToken', partnerUniqueID: 'body.partnerUniqueID' },
  },
]

const SIMULATION_BODY = {
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
}

/** The bank's API, in the order a partner's integration calls it. Taxonomy steps are added per list. */
export const BANK_JOURNEY: Record<string, Step[]> = {
  'Health and authentication': [
    { name: 'Health', operationId: 'health', status: 200 },
    { name: 'Version', operationId: 'version', status: 200 },
    { name: 'Authenticate — refused without a password', operationId: 'authenticate', status: 400, body: { username: '{{username}}' }, refusedField: 'password' },
    ...LOGIN,
  ],
  'Reference lists': [],
  Simulations: [
    { name: 'Simulation Validate', operationId: 'simulationValidate', status: 200 },
    { name: 'Simulation Create — refused for a negative amount', operationId: 'simulationCreate', status: 400, body: 'NEGATIVE_AMOUNT', refusedField: 'loanSimulator.loanAmount' },
    {
      name: 'Simulation Create',
      operationId: 'simulationCreate',
      status: 201,
      fields: ['additionalData.simulationUniqueID', 'additionalData.simulationNumber'],
      // The bank's Create answers simulationUniqueID (capital ID); every other operation says simulationUniqueId.
      store: { simulationUniqueId: 'body.additionalData.simulationUniqueID' },
    },
    { name: 'Simulation Detail', operationId: 'simulationDetail', status: 200, fields: ['simulationDetail'] },
    {
      name: 'Simulation Detail — unknown id',
      operationId: 'simulationDetail',
      status: 404,
      path: { simulationUniqueId: 'unknownId' },
      prerequest: ["pm.variables.set('unknownId', '00000000-0000-4000-8000-000000000000');"],
    },
    { name: 'Simulation Update', operationId: 'simulationUpdate', status: 200 },
    { name: 'Simulation List', operationId: 'simulationList', status: 200 },
    { name: 'Simulations Message Create', operationId: 'simulationsMessageCreate', status: 201 },
    { name: 'Simulations Message List', operationId: 'simulationsMessageList', status: 200 },
    { name: 'Simulation ESIS Get (PDF)', operationId: 'simulationEsisGet', status: 200 },
    {
      name: 'Simulation Create (a second one, to cancel)',
      operationId: 'simulationCreate',
      status: 201,
      store: { spareSimulationUniqueId: 'body.additionalData.simulationUniqueID' },
    },
    { name: 'Simulation Cancel (the second simulation of this run)', operationId: 'simulationCancel', status: 200, path: { simulationUniqueId: 'spareSimulationUniqueId' } },
  ],
  Processes: [
    {
      name: 'Process Create (from the simulation of this run)',
      operationId: 'processCreate',
      status: 201,
      body: { simulationUniqueId: '{{simulationUniqueId}}' },
      fields: ['additionalData.processUniqueID'],
      store: { processUniqueId: 'body.additionalData.processUniqueID' },
    },
    { name: 'Process Detail', operationId: 'processDetail', status: 200 },
    { name: 'Process Update', operationId: 'processUpdate', status: 200 },
    { name: 'Process List', operationId: 'processList', status: 200 },
    { name: 'Borrower List', operationId: 'borrowerList', status: 200, store: { borrowerUniqueId: 'body.borrowerList[0].borrowerUniqueID' } },
    { name: 'Borrower Get', operationId: 'borrowerGet', status: 200 },
    { name: 'Borrower Update', operationId: 'borrowerUpdate', status: 200, body: { personalDataBorrowerRequest: { mobile: '+351912345678' } } },
    { name: 'Property List', operationId: 'propertyList', status: 200, store: { propertyUniqueId: 'body.propertyList[0].propertyUniqueId' } },
    { name: 'Property Update', operationId: 'propertyUpdate', status: 200 },
    { name: 'Document List', operationId: 'documentList', status: 200 },
    { name: 'Processes Message Create', operationId: 'processesMessageCreate', status: 201 },
    { name: 'Processes Message List', operationId: 'processesMessageList', status: 200 },
    { name: 'Process ESIS Get (PDF)', operationId: 'processEsisGet', status: 200 },
    {
      name: 'Process Submit — refused: documents and data missing',
      operationId: 'processSubmit',
      status: 400,
      note: 'Read the refusal by field: each error names what is missing',
    },
    { name: 'Process Cancel (the process of this run)', operationId: 'processCancel', status: 200 },
  ],
  Callbacks: [{ name: 'Callback List', operationId: 'callbackList', status: 200 }],
}

/** The sandbox's own API on a simulation this run makes. Nothing partner-wide: no reset, no users, no clock. */
export const SANDBOX_JOURNEY: Record<string, Step[]> = {
  'Authentication and a simulation': [
    ...LOGIN,
    { name: 'Simulation Create', operationId: 'simulationCreate', status: 201, store: { simulationUniqueId: 'body.additionalData.simulationUniqueID' } },
  ],
  'Sandbox control (changes the simulation of this run)': [
    { name: 'Scenario List', operationId: 'sandboxScenarioList', status: 200 },
    { name: 'Bank message on the simulation of this run', operationId: 'sandboxSimulationBankMessageCreate', status: 201 },
    { name: 'Status of the simulation of this run — changes it', operationId: 'sandboxSimulationStatusSet', status: 200 },
    { name: 'Clock', operationId: 'sandboxClockGet', status: 200 },
    { name: 'Job List', operationId: 'sandboxJobList', status: 200 },
  ],
  'Request journal and deliveries': [
    { name: 'Request List', operationId: 'sandboxRequestList', status: 200, store: { requestId: 'body.requestList[0].requestId' } },
    { name: 'Request Get', operationId: 'sandboxRequestGet', status: 200 },
    { name: 'Delivery List', operationId: 'sandboxDeliveryList', status: 200 },
    { name: 'Mailbox List', operationId: 'sandboxMailboxList', status: 200 },
  ],
  'Account and certification': [
    { name: 'Account', operationId: 'sandboxAccountGet', status: 200 },
    { name: 'Certification signing key', operationId: 'sandboxCertificationSigningKey', status: 200 },
    { name: 'Certification Run List', operationId: 'sandboxCertificationRunList', status: 200 },
  ],
}
