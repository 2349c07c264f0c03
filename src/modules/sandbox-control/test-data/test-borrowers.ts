// pt_PT's own entry point, not the package root: the root loads every locale.
import { faker as ptFaker } from '@faker-js/faker/locale/pt_PT'
import type { Faker } from '@faker-js/faker'
import { generateCitizenCard, generateIndividualNif, generateNiss, type RandomSource } from '../../../domain/identity-numbers.ts'
import { addMonths } from '../../../domain/mortgage/borrower-age.ts'
import type { TestBorrower } from './test-data.schemas.ts'

const FakerClass = ptFaker.constructor as typeof Faker
/** One faker of the module, seeded per request: a request generates synchronously, so none interleave. */
const faker = new FakerClass({ locale: ptFaker.rawDefinitions })
const random: RandomSource = () => faker.number.int({ min: 0, max: 999_999 }) / 1_000_000

const GENDER = { male: 1, female: 2 } as const

/** 'Inês Abreu' → 'ines.abreu': an address of example.pt (RFC 2606's spirit), never a real mailbox. */
const mailbox = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')

const daysFrom = (date: string, days: number) => {
  const shifted = new Date(`${date}T00:00:00Z`)
  shifted.setUTCDate(shifted.getUTCDate() + days)
  return shifted.toISOString().slice(0, 10)
}

/** The youngest, in months before today: 21 years and a month, so 21 in completed years even born up to 27 days later. */
const YOUNGEST_MONTHS = 21 * 12 + 1

const yearsFrom = (today: string, years: number, days: number) => {
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCFullYear(date.getUTCFullYear() + years)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * `count` borrowers as Borrower Create bodies, distinct by NIF, NISS and civil number: adults of 21
 * on `today` (the partner's date) and at most `maxAgeMonths` old in completed months (a month less,
 * for the calendar's short months at the loan's end: domain/mortgage/eligibility.ts,
 * `oldestAgeMonthsForTerm`), single, employed, Portuguese, their citizen cards valid for one to ten
 * years more. The same seed, day and bound give the same borrowers.
 */
export function generateTestBorrowers(options: { count: number; seed: number; today: string; maxAgeMonths: number }): TestBorrower[] {
  faker.seed(options.seed)
  const oldest = Math.max(YOUNGEST_MONTHS, options.maxAgeMonths - 1)
  // Born `months` before today, then up to 27 days later: a month younger at most, never older.
  const birthDate = () => daysFrom(addMonths(options.today, -faker.number.int({ min: YOUNGEST_MONTHS, max: oldest })), faker.number.int({ min: 0, max: 27 }))
  const seen = new Set<string>()
  const fresh = (make: () => string) => {
    let value = make()
    while (seen.has(value)) value = make()
    seen.add(value)
    return value
  }
  const borrowers: TestBorrower[] = []
  for (let i = 0; i < options.count; i++) {
    const sex = faker.helpers.arrayElement(['female', 'male'] as const)
    const name = `${faker.person.firstName(sex)} ${faker.person.lastName()}`
    const taxId = fresh(() => generateIndividualNif(random))
    const socialSecurityNumber = fresh(() => generateNiss(random))
    let card = generateCitizenCard(random)
    while (seen.has(`cc${card.civilNumber}`)) card = generateCitizenCard(random)
    seen.add(`cc${card.civilNumber}`)
    borrowers.push({
      borrowerTypeId: 2,
      keyBorrowerRelationId: 1,
      personalDataBorrowerRequest: {
        name,
        birthDate: birthDate(),
        taxId,
        mobile: `+3519${faker.helpers.arrayElement(['1', '2', '3', '6'])}${faker.string.numeric(7)}`,
        email: `${mailbox(name)}.${taxId.slice(-4)}@example.pt`,
        genderId: GENDER[sex],
        nationalityId: 620,
        identificationDocumentTypeId: 1,
        identificationDocumentNumber: card.civilNumber,
        checkDigit: card.suffix,
        identificationDocumentExpiredDate: yearsFrom(options.today, faker.number.int({ min: 1, max: 9 }), faker.number.int({ min: 1, max: 360 })),
        socialSecurityNumber,
        maritalStatusId: 1,
        residenceTypeId: 3,
        academicLevelId: 7,
        address: faker.location.street(),
        doorNumber: String(faker.number.int({ min: 1, max: 250 })),
        zipCode: faker.location.zipCode('####-###'),
        zipCodeLocal: faker.location.city(),
        countryId: 620,
      },
      financialDataBorrowerRequest: { incomeWagesPensions: faker.number.int({ min: 9, max: 60 }) * 100, hasSocialSecurityDebt: false },
      professionalDataBorrowerRequest: {
        employmentProfessionId: 30,
        employmentSituationId: 1,
        employmentContractTypeId: 1,
        employerName: `${faker.company.name()}, S.A.`,
        employerTaxId: '500000000',
        employmentDurationMonths: faker.number.int({ min: 6, max: 240 }),
      },
    })
  }
  return borrowers
}
