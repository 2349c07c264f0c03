import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import type { BorrowerRequest } from './partner-api.types.ts'
import { authorized, clientFor, failure, IDS, jsonContentType, newPact, PROCESS_STATE, success } from './pact-support.ts'

const { boolean, eachLike, integer, number, regex, string, uuid } = MatchersV3
const pact = newPact()
const jsonRequest = { ...authorized, 'Content-Type': 'application/json' }
const path = (borrowerId?: string) => `/v1/processes/${IDS.process}/borrower${borrowerId ? `/${borrowerId}` : ''}`

/** A third borrower: the key borrower's parent, as guarantor of the loan. */
const NEW_BORROWER: BorrowerRequest = {
  borrowerTypeId: 2,
  keyBorrowerRelationId: 3,
  personalDataBorrowerRequest: {
    name: 'Rosa Ribeiro',
    birthDate: '1962-02-14',
    taxId: '123456789',
    mobile: '+351914444555',
    email: 'rosa.ribeiro@example.pt',
    nationalityId: 620,
    countryId: 620,
  },
  financialDataBorrowerRequest: {
    incomeWagesPensions: 1900,
    incomeGreenReceipts: 0,
    incomeRents: 350,
    incomeOthers: 0,
    installmentHousingCredit: 0,
    installmentPersonalCredit: 0,
    installmentAutoLeasingCredit: 0,
    installmentCreditCard: 0,
    installmentBankOverdraft: 0,
    installmentOther: 0,
    hasSocialSecurityDebt: false,
  },
}

describe('Borrowers of a process', () => {
  it('lists the borrowers of a process, key borrower first', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request for the borrowers of a process')
      .withRequest({ method: 'GET', path: path(), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: { borrowerList: eachLike({ borrowerUniqueID: uuid(IDS.keyBorrower), borrowerTypeID: integer(1), borrowerTypeDescription: string('Primeiro titular') }) },
      })
    await pact.executeTest(async (server) => {
      expect((await clientFor(server).borrowers.list(IDS.process)).borrowerList[0]?.borrowerUniqueID).toBe(IDS.keyBorrower)
    })
  })

  it('reads a borrower: personal, financial and professional data', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request for the key borrower of a process')
      .withRequest({ method: 'GET', path: path(IDS.keyBorrower), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          borrowerUniqueID: uuid(IDS.keyBorrower),
          borrowerTypeID: 1,
          borrowerTypeDescription: string('Primeiro titular'),
          borrowerPersonalData: { name: string('Ana Sofia Martins'), birthDate: regex(/^\d{4}-\d{2}-\d{2}$/, '1994-04-12'), taxID: regex(/^\d{9}$/, '244469962') },
          borrowerFinancialData: { incomeWagesPensions: number(2600), installmentPersonalCredit: number(150), hasSocialSecurityDebt: boolean(false) },
          borrowerProfessionalData: { employmentContractTypeID: integer(1), employmentContractTypeDescription: string('Contrato sem termo') },
        },
      })
    await pact.executeTest(async (server) => {
      const borrower = await clientFor(server).borrowers.get(IDS.process, IDS.keyBorrower)
      expect(borrower.borrowerPersonalData.name).toBe('Ana Sofia Martins')
    })
  })

  it('adds a borrower to a process', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to add a borrower to a process')
      .withRequest({ method: 'POST', path: path(), headers: jsonRequest, body: NEW_BORROWER })
      .willRespondWith({ status: 201, headers: jsonContentType, body: success({ borrowerUniqueID: uuid('5e6f7a8b-9c0d-4e2f-9a4b-5c6d7e8f90a1') }) })
    await pact.executeTest(async (server) => {
      expect((await clientFor(server).borrowers.create(IDS.process, NEW_BORROWER)).additionalData?.borrowerUniqueID).toBeDefined()
    })
  })

  it('completes the contact data of a borrower', async () => {
    const patch: BorrowerRequest = { personalDataBorrowerRequest: { mobile: '+351912345678', email: 'ana.martins@example.pt' } }
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to update the contact data of the key borrower')
      .withRequest({ method: 'PUT', path: path(IDS.keyBorrower), headers: jsonRequest, body: patch })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success() })
    await pact.executeTest(async (server) => {
      await clientFor(server).borrowers.update(IDS.process, IDS.keyBorrower, patch)
    })
  })

  it('removes the second borrower', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to remove the second borrower of a process')
      .withRequest({ method: 'DELETE', path: path(IDS.coBorrower), headers: authorized })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success() })
    await pact.executeTest(async (server) => {
      await clientFor(server).borrowers.remove(IDS.process, IDS.coBorrower)
    })
  })

  it('is refused the removal of the key borrower', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to remove the key borrower of a process')
      .withRequest({ method: 'DELETE', path: path(IDS.keyBorrower), headers: authorized })
      .willRespondWith({ status: 400, headers: jsonContentType, body: failure('010203', 'borrowerUniqueId') })
    await pact.executeTest(async (server) => {
      await expect(clientFor(server).borrowers.remove(IDS.process, IDS.keyBorrower)).rejects.toMatchObject({ status: 400 })
    })
  })
})
