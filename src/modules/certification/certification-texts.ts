import type { Lang } from '../../common/language.ts'

type Localized = readonly [pt: string, en: string]

/** Each check's name and how to fix it when it fails or was not exercised (pt-PT first, as the API). */
export const CHECK_TEXTS: Record<string, { name: Localized; advice: Localized }> = {
  'receiver-accepts-signed': {
    name: ['O recetor aceita uma notificação bem assinada de cada tipo', 'The receiver accepts a correctly signed notification of each type'],
    advice: [
      'Responda 2xx, dentro do prazo, a cada notificação cuja assinatura webhook-signature confere com o segredo da configuração, ou com o que mortgage-sandbox listen mostrou (Standard Webhooks: HMAC-SHA256 de "id.timestamp.corpo").',
      'Answer 2xx, in time, to every notification whose webhook-signature matches the configuration\'s secret, or the one mortgage-sandbox listen printed (Standard Webhooks: HMAC-SHA256 of "id.timestamp.body").',
    ],
  },
  'receiver-refuses-forgeries': {
    name: ['O recetor recusa uma assinatura errada e a falta de assinatura', 'The receiver refuses a wrong signature and a missing one'],
    advice: [
      'Verifique a assinatura antes de processar: sem webhook-signature, ou com uma que não confere, responda 401 ou 400 e ignore o corpo.',
      'Verify the signature before processing: with no webhook-signature, or one that does not match, answer 401 or 400 and ignore the body.',
    ],
  },
  'receiver-refuses-stale': {
    name: ['O recetor recusa um webhook-timestamp com mais de 5 minutos', 'The receiver refuses a webhook-timestamp older than 5 minutes'],
    advice: [
      'Compare webhook-timestamp com o seu relógio e recuse (4xx) mais de 5 minutos de diferença, mesmo bem assinado: é uma repetição.',
      'Compare webhook-timestamp with your clock and refuse (4xx) more than 5 minutes apart, however well signed: it is a replay.',
    ],
  },
  'receiver-accepts-redelivery': {
    name: ['O recetor aceita uma reentrega com o mesmo webhook-id', 'The receiver accepts a redelivery with the same webhook-id'],
    advice: [
      'Uma reentrega traz o mesmo webhook-id: responda 2xx sem a tratar como nova (guarde os ids já processados).',
      'A redelivery carries the same webhook-id: answer 2xx without treating it as new (keep the ids already processed).',
    ],
  },
  'receiver-answers-in-time': {
    name: ['O recetor responde a cada notificação em menos de 15 s', 'The receiver answers every notification within 15 s'],
    advice: [
      'Responda depressa: 2xx primeiro, o trabalho pesado depois, em fila. Uma notificação sem resposta no prazo é reenviada.',
      'Answer fast: 2xx first, the heavy work later, queued. A notification not answered in time is sent again.',
    ],
  },
  // The runs of earlier versions name it: receiver-answers-in-time now, its HTTPS part the go-live item.
  'receiver-https-timely': {
    name: ['O endereço é HTTPS com um certificado de confiança e responde em menos de 15 s', 'The address is HTTPS with a trusted certificate and answers within 15 s'],
    advice: [
      'Use https:// com um certificado de uma autoridade reconhecida e responda depressa (2xx primeiro, trabalho pesado depois, em fila).',
      'Use https:// with a certificate of a recognised authority and answer fast (2xx first, heavy work later, queued).',
    ],
  },
  'receiver-tolerates-new-type': {
    name: ['Um tipo de notificação novo não avaria o recetor', 'A new notification type does not break the receiver'],
    advice: [
      'Um tipo que não conhece deve ter 2xx (ignorado) ou 4xx, nunca 5xx nem ficar sem resposta: o banco pode acrescentar tipos.',
      'A type you do not know should get 2xx (ignored) or 4xx, never 5xx or no answer: the bank may add types.',
    ],
  },
  'client-reauthenticates': {
    name: ['O cliente volta a autenticar-se depois de um token expirado', 'The client authenticates again after an expired token'],
    advice: [
      'Num 401 com o código 010502, peça um token novo a POST /v1/authentication e repita o pedido com ele; nunca reenvie o token expirado. Experimente com o cenário token-expired.',
      'On a 401 with code 010502, get a new token from POST /v1/authentication and repeat the request with it; never send the expired token again. Try it with the token-expired scenario.',
    ],
  },
  'client-honours-retry-after-429': {
    name: ['O cliente espera o Retry-After de um 429', 'The client waits for the Retry-After of a 429'],
    advice: [
      'Num 429, não repita a operação antes dos segundos do Retry-After. Experimente com o cenário rate-limited.',
      'On a 429, do not repeat the operation before the Retry-After seconds. Try it with the rate-limited scenario.',
    ],
  },
  'client-honours-retry-after-503': {
    name: ['O cliente espera o Retry-After de um 503', 'The client waits for the Retry-After of a 503'],
    advice: [
      'Num 503, não repita a operação antes dos segundos do Retry-After. Experimente com o cenário service-unavailable.',
      'On a 503, do not repeat the operation before the Retry-After seconds. Try it with the service-unavailable scenario.',
    ],
  },
  'client-pages-lists': {
    name: ['O cliente percorre uma lista com nextRecord', 'The client walks a list with nextRecord'],
    advice: [
      'Quando hasMoreResults é true, peça a página seguinte com nextRecord (o id do último item lido).',
      'When hasMoreResults is true, ask for the next page with nextRecord (the id of the last item read).',
    ],
  },
  'client-fixes-refused-requests': {
    name: ['O cliente corrige o campo recusado em vez de repetir o pedido', 'The client fixes the refused field instead of repeating the request'],
    advice: [
      'Um 400 nomeia o campo em errors[].errorField: corrija-o (ou valide antes com Simulation Validate); o mesmo pedido recusado mais de duas vezes falha esta verificação.',
      'A 400 names the field in errors[].errorField: fix it (or validate first with Simulation Validate); the same refused request more than twice fails this check.',
    ],
  },
  'client-sends-accept-language': {
    name: ['O cliente envia Accept-Language', 'The client sends Accept-Language'],
    advice: [
      'Envie Accept-Language (pt-PT ou en) em cada pedido: as descrições e mensagens vêm nessa língua.',
      'Send Accept-Language (pt-PT or en) with every request: descriptions and messages come in that language.',
    ],
  },
  'client-sends-only-documented-fields': {
    name: ['O cliente só envia campos do documento de interface', 'The client sends only fields of the interface document'],
    advice: [
      'Envie os campos com os nomes exatos do documento (maiúsculas e grafia incluídas): um campo desconhecido é recusado com 010108.',
      "Send the fields with the document's exact names (casing and spelling included): an unknown field is refused with 010108.",
    ],
  },
  'journey-simulation-eligible': {
    name: ['Jornada: uma simulação elegível', 'Journey: an eligible simulation'],
    advice: ['Crie uma simulação elegível com Simulation Create.', 'Create an eligible simulation with Simulation Create.'],
  },
  'journey-simulation-not-eligible': {
    name: ['Jornada: uma simulação não elegível', 'Journey: a simulation that is not eligible'],
    advice: [
      'Crie uma simulação não elegível (por exemplo com o cenário simulation-not-eligible) e trate nonElegibilityDescription.',
      'Create a simulation that is not eligible (for example with the simulation-not-eligible scenario) and handle nonElegibilityDescription.',
    ],
  },
  'journey-process-submitted': {
    name: ['Jornada: um processo até à submissão', 'Journey: a process to submission'],
    advice: [
      'Crie um processo a partir de uma simulação, complete proponentes, documentos e imóvel, e submeta-o.',
      'Create a process from a simulation, complete borrowers, documents and property, and submit it.',
    ],
  },
  'journey-decision-followed': {
    name: ['Jornada: uma decisão do banco seguida pelas notificações', 'Journey: a bank decision followed through callbacks'],
    advice: [
      'Receba o tipo 9 (um endereço registado, ou mortgage-sandbox listen ligado), leve um processo a uma decisão (cenário process-approved ou process-rejected) e, ao receber a notificação, leia o processo.',
      'Receive type 9 (a registered address, or mortgage-sandbox listen connected), take a process to a decision (process-approved or process-rejected scenario) and, when the notification arrives, read the process.',
    ],
  },
  'client-retries-reads-with-backoff': {
    name: ['O cliente repete uma leitura falhada pela rede, com espera', 'The client retries a read the network failed, with backoff'],
    advice: [
      'Depois de uma ligação reposta, de uma resposta vazia ou do seu tempo limite num GET, repita o pedido com uma espera crescente (200 ms ou mais, depois o dobro), nunca de imediato nem em ciclo apertado. Experimente com os cenários connection-reset e timeout.',
      'After a connection reset, an empty reply or your own timeout on a GET, repeat the request after a growing wait (200 ms or more, then double it), never at once or in a tight loop. Try it with the connection-reset and timeout scenarios.',
    ],
  },
  'client-finds-before-recreating': {
    name: ['O cliente procura o registo antes de repetir uma criação sem resposta', 'The client looks the record up before repeating a Create that got no answer'],
    advice: [
      'Quando uma criação fica sem resposta, ela pode ter sido gravada: procure o registo (Simulation List ou Detail) antes de a enviar outra vez, para não criar um duplicado. Experimente com o cenário timeout-after-write em Simulation Create.',
      'When a Create gets no answer it may have been stored: look the record up (Simulation List or Detail) before sending it again, so as not to create a duplicate. Try it with the timeout-after-write scenario on Simulation Create.',
    ],
  },
}

/** The go-live items: what a run cannot fail, and the bank still needs before production. */
export const GO_LIVE_TEXTS: Record<string, { name: Localized; advice: Localized }> = {
  'public-https-address': {
    name: ['Um endereço HTTPS público responde', 'A public HTTPS address answers'],
    advice: [
      'Antes de entrar em produção, registe com Callback Update um endereço https:// público, com um certificado de uma autoridade reconhecida, para os tipos que recebe, e execute a certificação de novo: o banco só envia notificações para um endereço assim. Até lá, mortgage-sandbox listen leva-as ao seu servidor local.',
      'Before going live, register with Callback Update a public https:// address, with a certificate of a recognised authority, for the types you receive, and run the certification again: the bank sends notifications only to such an address. Until then, mortgage-sandbox listen brings them to your local server.',
    ],
  },
}

/** What each kind of evidence says, with {values}. */
const NOTES: Record<string, Localized> = {
  noCallbacks: [
    'Nenhuma configuração de callback ativa e nenhum mortgage-sandbox listen ligado: não há a quem enviar as notificações de teste. Ligue mortgage-sandbox listen --forward-to <o seu recetor local> (ou certify --listen --forward-to …), registe um endereço com Callback Update, ou deixe as verificações do recetor fora da execução (checks).',
    'No active callback configuration and no mortgage-sandbox listen connected: there is nobody to send the test notifications to. Run mortgage-sandbox listen --forward-to <your local receiver> (or certify --listen --forward-to …), register an address with Callback Update, or leave the receiver checks out of the run (checks).',
  ],
  httpAllowedHere: [
    'O endereço é http:// ({callbackUrl}), que as definições deste sandbox permitem num ensaio local: em produção tem de ser https://.',
    "The address is http:// ({callbackUrl}), which this sandbox's settings allow on a local run: production needs https://.",
  ],
  goLiveNoAddress: ['Nenhum endereço registado.', 'No address registered.'],
  goLiveListenOnly: [
    'O seu recetor foi testado através de mortgage-sandbox listen; nenhum endereço público está registado ainda.',
    'Your receiver was tested through mortgage-sandbox listen; no public address is registered yet.',
  ],
  goLiveAnswered: ['{callbackUrl} respondeu a cada notificação de teste a tempo.', '{callbackUrl} answered every test notification in time.'],
  goLiveUnanswered: ['{callbackUrl} ficou sem responder: {outcome}.', '{callbackUrl} did not answer: {outcome}.'],
  signedAccepted: ['Notificação {notificationType} bem assinada: {outcome}.', 'Correctly signed {notificationType} notification: {outcome}.'],
  wrongSignature: ['Assinada com outra chave: {outcome}.', 'Signed with another key: {outcome}.'],
  noSignature: ['Sem cabeçalhos de assinatura: {outcome}.', 'Without signature headers: {outcome}.'],
  staleTimestamp: ['Bem assinada, webhook-timestamp de há {minutes} minutos: {outcome}.', 'Correctly signed, webhook-timestamp {minutes} minutes old: {outcome}.'],
  redelivery: ['Reentrega com o mesmo webhook-id: {outcome}.', 'Redelivery with the same webhook-id: {outcome}.'],
  notHttps: ['O endereço não é HTTPS: {callbackUrl}.', 'The address is not HTTPS: {callbackUrl}.'],
  slowest: ['Resposta mais lenta: {latencyMs} ms (limite {limitMs} ms).', 'Slowest answer: {latencyMs} ms (limit {limitMs} ms).'],
  unanswered: ['Sem resposta: {outcome}.', 'No answer: {outcome}.'],
  newType: ['Tipo {notificationType} que o parceiro não conhece: {outcome}.', 'Type {notificationType} the partner does not know: {outcome}.'],
  notProbed: ['Não testado: a notificação bem assinada foi recusada.', 'Not probed: the correctly signed notification was refused.'],
  expiredRefusal: ['Recusado com token expirado (010502).', 'Refused with an expired token (010502).'],
  sameTokenAgain: ['O mesmo token expirado foi enviado outra vez.', 'The same expired token was sent again.'],
  newToken: ['Pedido seguinte com um token novo.', 'Next request with a new token.'],
  noCallAfter: ['Nenhum pedido depois da recusa.', 'No request after the refusal.'],
  refusedWithRetryAfter: ['Recusado com Retry-After: {seconds} s.', 'Refused with Retry-After: {seconds} s.'],
  retriedAfter: ['Repetido {waited} s depois (Retry-After {seconds} s).', 'Repeated {waited} s later (Retry-After {seconds} s).'],
  nextPage: ['Página seguinte pedida com nextRecord.', 'Next page asked for with nextRecord.'],
  nextPageRefused: ['Página seguinte recusada.', 'Next page refused.'],
  moreNotRead: ['hasMoreResults era true e a página seguinte não foi pedida.', 'hasMoreResults was true and the next page was not asked for.'],
  identicalRefusal: ['O mesmo pedido recusado {times} vezes.', 'The same refused request {times} times.'],
  refusedFields: ['Recusado nos campos: {fields}.', 'Refused on the fields: {fields}.'],
  acceptedAfterChange: ['Aceite depois da correção.', 'Accepted after the change.'],
  validated: ['Validado com Simulation Validate.', 'Validated with Simulation Validate.'],
  noAcceptLanguage: ['Pedido sem Accept-Language.', 'Request without Accept-Language.'],
  acceptLanguage: ['Accept-Language: {value}.', 'Accept-Language: {value}.'],
  unknownField: ['Campo que o documento não tem: {fields}.', 'A field the document does not have: {fields}.'],
  documentedFields: ['Pedidos com corpo: {count}; nenhum campo desconhecido.', 'Requests with a body: {count}; no unknown field.'],
  eligibleCreated: ['Simulação elegível criada.', 'Eligible simulation created.'],
  notEligibleCreated: ['Simulação não elegível criada.', 'Not eligible simulation created.'],
  submitted: ['Processo submetido.', 'Process submitted.'],
  decisionDelivered: ['Decisão do processo {processUniqueId} entregue ao seu servidor.', 'Decision of process {processUniqueId} delivered to your server.'],
  processReadAfterDecision: ['Processo lido depois da decisão.', 'Process read after the decision.'],
  processNotReadAfterDecision: ['O processo {processUniqueId} não foi lido depois da decisão.', 'Process {processUniqueId} was not read after the decision.'],
  readFault: ['Leitura sem resposta: falha de rede {fault}.', 'Read with no answer: network fault {fault}.'],
  readFaultNotRetried: ['Leitura sem resposta ({fault}) nunca repetida.', 'Read with no answer ({fault}) never repeated.'],
  readRetried: ['Repetida {waitedMs} ms depois do fim da falha (mínimo {minimumMs} ms).', 'Repeated {waitedMs} ms after the fault ended (at least {minimumMs} ms).'],
  createFaultCommitted: ['Criação gravada, mas sem resposta legível: falha de rede {fault}.', 'Create stored, but with no readable answer: network fault {fault}.'],
  createdAgainUnlooked: ['Criado outra vez sem procurar o registo antes: um duplicado.', 'Created again without looking the record up first: a duplicate.'],
  lookedUpAfterFault: ['Registo procurado antes de qualquer nova criação.', 'Record looked up before any new Create.'],
  interrupted: ['A execução foi interrompida por uma paragem do sandbox: execute outra.', 'The run was cut short by a stop of the sandbox: start another.'],
}

const pick = (text: Localized, lang: Lang) => text[lang === 'en' ? 1 : 0]

export const checkName = (id: string, lang: Lang) => pick(CHECK_TEXTS[id]!.name, lang)
export const checkAdvice = (id: string, lang: Lang) => pick(CHECK_TEXTS[id]!.advice, lang)
export const goLiveName = (id: string, lang: Lang) => pick(GO_LIVE_TEXTS[id]!.name, lang)
export const goLiveAdvice = (id: string, lang: Lang) => pick(GO_LIVE_TEXTS[id]!.advice, lang)

/** An evidence note in a language, its {values} filled in. */
export function noteText(note: string, values: Record<string, string | number> | undefined, lang: Lang): string {
  const text = NOTES[note]
  if (!text) return note
  return pick(text, lang).replace(/\{(\w+)\}/g, (_m, key: string) => String(values?.[key] ?? ''))
}

/** How many checks a run ran, of how many there are, and how they ended: what every view of a run shows first. */
export interface RunCounts {
  run: number
  inAll: number
  passed: number
  failed: number
  notExercised: number
  running: number
  leftOut: readonly string[]
}

const COUNT_WORDS = {
  runOf: ['{run} de {inAll} verificações executadas', '{run} of {inAll} checks run'],
  passed: ['{n} aprovadas', '{n} passed'],
  failed: ['{n} falhadas', '{n} failed'],
  notExercised: ['{n} não exercidas', '{n} not exercised'],
  running: ['{n} em curso', '{n} running'],
  leftOut: ['Deixadas de fora: {ids}.', 'Left out: {ids}.'],
} satisfies Record<string, Localized>

/** "16 of 17 checks run: 16 passed. Left out: receiver-answers-in-time." — never a bare 16/16 for a subset. */
export function runSummary(counts: RunCounts, lang: Lang): string {
  const fill = (text: Localized, values: Record<string, string | number>) => pick(text, lang).replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ''))
  const parts = (['passed', 'failed', 'notExercised', 'running'] as const).filter((k) => k === 'passed' || counts[k] > 0).map((k) => fill(COUNT_WORDS[k], { n: counts[k] }))
  const head = `${fill(COUNT_WORDS.runOf, { run: counts.run, inAll: counts.inAll })}: ${parts.join(', ')}.`
  return counts.leftOut.length === 0 ? head : `${head} ${fill(COUNT_WORDS.leftOut, { ids: counts.leftOut.join(', ') })}`
}
