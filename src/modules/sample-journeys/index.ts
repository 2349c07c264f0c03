/**
 * Sample journeys: a partner's typical records (the provider states of Pact verification use them)
 * and the console's "try it", which plays a scenario's journey through the sandbox's own API.
 */
export { coBorrowerCompletion, ELIGIBLE_SIMULATION, keyBorrowerCompletion, NOT_ELIGIBLE_SIMULATION, PROPERTY_COMPLETION, SAMPLE_PDF } from './sample-data.ts'
export { canTry, createScenarioTrials, journeyOf, type ScenarioTrial, type ScenarioTrials, type TrialCall, type TrialJourney } from './scenario-trial.ts'
