import type { AddressRefusal } from './address-policy.ts'
import type { LocalizedText } from '../../common/language.ts'
import { text } from '../../common/problems.ts'

/** Messages of the callback operations' refusals; `{names}` are filled from the problem's params. */
export const MESSAGES = {
  otherPartner: text(
    'Sem permissão para gerir os callbacks do parceiro {partner}: o token pertence a outro parceiro.',
    'Not allowed to manage the callbacks of partner {partner}: the token belongs to another partner.',
  ),
  echoTypes: text('A operação Callback Echo simula apenas os tipos de notificação 5, 6 e 7.', 'Callback Echo simulates notification types 5, 6 and 7 only.'),
  exactlyOneId: text('Indique exatamente um de processUniqueId ou simulationUniqueId.', 'Give exactly one of processUniqueId or simulationUniqueId.'),
  typeResource: text('O tipo de notificação {type} é do recurso {resource}: use {expected}.', 'Notification type {type} is about a {resource}: use {expected}.'),
  fieldOfOtherType: text('O campo {field} não se aplica ao tipo de notificação {type}.', 'Field {field} does not apply to notification type {type}.'),
  echoNotConfigured: text(
    'Não existe configuração de callback para o tipo {type}: registe um endereço com PUT /{partner}/callbacks/{type}, ou ligue mortgage-sandbox listen --forward-to <o seu recetor local>, antes de usar Callback Echo.',
    'There is no callback configuration for type {type}: register an address with PUT /{partner}/callbacks/{type}, or run mortgage-sandbox listen --forward-to <your local receiver>, before using Callback Echo.',
  ),
  echoDisabled: text(
    'A configuração de callback do tipo {type} está desativada ({reason}): registe o endereço de novo com PUT /{partner}/callbacks/{type}.',
    'The callback configuration of type {type} is disabled ({reason}): register the address again with PUT /{partner}/callbacks/{type}.',
  ),
  defaultMessage: text('Mensagem de teste enviada pelo sandbox (Callback Echo).', 'Test message sent by the sandbox (Callback Echo).'),
  redeliverNotConfigured: text(
    'O tipo de notificação {type} não tem configuração de callback: registe um endereço com Callback Update antes de reenviar.',
    'Notification type {type} has no callback configuration: register an address with Callback Update before redelivering.',
  ),
  redeliverDisabled: text(
    'A configuração de callback do tipo {type} está desativada: registe o endereço de novo com Callback Update antes de reenviar.',
    'The callback configuration of type {type} is disabled: register the address again with Callback Update before redelivering.',
  ),
}

const RANGE_PT: Record<string, string> = {
  unspecified: 'não especificado',
  loopback: 'de loopback',
  private: 'privado',
  CGNAT: 'CGNAT',
  metadata: 'de metadados da cloud',
  'link-local': 'link-local',
  multicast: 'multicast',
  documentation: 'de documentação',
  reserved: 'reservado',
}

/** What a refused address on the partner's own machine says to do: receive there through `listen`. */
const LISTEN_INSTEAD = (url: string) =>
  text(
    `: é um endereço da sua própria máquina ou rede, que o sandbox não alcança. Receba lá as notificações com mortgage-sandbox listen: npx mortgage-sandbox listen --forward-to ${url}`,
    `: it is an address of your own machine or network, which the sandbox cannot reach. Receive the notifications there with mortgage-sandbox listen: npx mortgage-sandbox listen --forward-to ${url}`,
  )

/** Why Callback Update refused an address, in the answer's language. */
export function refusalMessage(refusal: AddressRefusal): LocalizedText {
  switch (refusal.kind) {
    case 'invalid-url':
      return text('O campo callbackUrl não é um URL absoluto válido.', 'Field callbackUrl is not a valid absolute URL.')
    case 'scheme':
      if (refusal.local) {
        const then = LISTEN_INSTEAD(refusal.url)
        return text(`O campo callbackUrl deve usar https (recebido ${refusal.protocol})${then['pt-PT']}`, `Field callbackUrl must use https (got ${refusal.protocol})${then.en}`)
      }
      return refusal.allowHttp
        ? text(`O campo callbackUrl deve usar https ou http, não ${refusal.protocol}.`, `Field callbackUrl must use https or http, not ${refusal.protocol}.`)
        : text(
            `O campo callbackUrl deve usar https (recebido ${refusal.protocol}); http só é aceite com SANDBOX_CALLBACK_ALLOW_HTTP.`,
            `Field callbackUrl must use https (got ${refusal.protocol}); http is accepted only with SANDBOX_CALLBACK_ALLOW_HTTP.`,
          )
    case 'credentials':
      return text(
        'O campo callbackUrl não pode conter utilizador ou palavra-passe: autentique as notificações pela assinatura webhook-signature.',
        'Field callbackUrl must not contain a user name or password: authenticate notifications by their webhook-signature.',
      )
    case 'forbidden-address':
      if (refusal.local) {
        const then = LISTEN_INSTEAD(refusal.url)
        return text(
          `O endereço de callbackUrl resolve para ${refusal.address}, um endereço ${RANGE_PT[refusal.range] ?? refusal.range}${then['pt-PT']}`,
          `The callbackUrl host resolves to ${refusal.address}, a ${refusal.range} address${then.en}`,
        )
      }
      return text(
        `O endereço de callbackUrl resolve para ${refusal.address}, um endereço ${RANGE_PT[refusal.range] ?? refusal.range}; só é aceite com SANDBOX_CALLBACK_ALLOW_PRIVATE.`,
        `The callbackUrl host resolves to ${refusal.address}, a ${refusal.range} address; accepted only with SANDBOX_CALLBACK_ALLOW_PRIVATE.`,
      )
    case 'unresolvable':
      return text(`O endereço de callbackUrl não foi resolvido (${refusal.error}).`, `The callbackUrl host could not be resolved (${refusal.error}).`)
  }
}
