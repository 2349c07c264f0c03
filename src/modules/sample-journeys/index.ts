/**
 * Sample journeys: a partner's typical records (the provider states of Pact verification use them)
 * and the console's "try it", which plays a scenario's journey through the sandbox's own API.
 */
export {
  coBorrowerCompletion,
  ELIGIBLE_SIMULATION,
  keyBorrowerCompletion,
  mandatoryDocuments,
  NOT_ELIGIBLE_SIMULATION,
  PROPERTY_COMPLETION,
  SAMPLE_PDF,
  type MandatoryDocument,
} from './sample-data.ts'
export { createScenarioTrials, type ScenarioTrial, type ScenarioTrials } from './scenario-trial.ts'
