import { html } from 'hono/html'
import type { Lang } from '../../common/language.ts'
import type { Lifecycle } from '../../domain/workflow/index.ts'
import { figure } from './console-format.ts'
import { csrfField, when } from './console-layout.ts'
import { fieldLabel, t } from './console-text.ts'

/** A status change of a simulation or a process, and the notifications sent after it (until the next). */
export interface TimelineStep {
  statusId: number
  description: string
  at: string
  origin: string
  userId: number | null
}
export interface SentNotification {
  notificationId: string
  notificationTypeId: number
  status: string
  createdAt: string
}

/** Who moved a status: the partner's user, a scenario, the sandbox control. */
function byWhom(lang: Lang, origin: string, userId: number | null) {
  if (origin === 'api') return t(lang, 'byPartner', { user: userId ?? '?' })
  if (origin === 'scenario') return t(lang, 'byScenario')
  if (origin === 'sandbox' || origin === 'control') return t(lang, 'byControl')
  return origin
}

/**
 * The timeline: each status change with who moved it and the notifications it sent, each linked to
 * its delivery page. A change and its notifications are written in one transaction, so a
 * notification belongs to the last change at or before it.
 */
export function timeline(lang: Lang, steps: TimelineStep[], sent: SentNotification[], typeName: (id: number) => string) {
  const byStep = steps.map(() => [] as SentNotification[])
  for (const n of sent) {
    let index = 0
    for (let i = 0; i < steps.length; i += 1) if (steps[i]!.at <= n.createdAt) index = i
    byStep[index]?.push(n)
  }
  return html`<ol class="timeline">
    ${steps.map(
      (h, i) => html`<li data-status="${h.statusId}">${when(h.at)} <strong>${h.description}</strong> <span class="muted">${byWhom(lang, h.origin, h.userId)}</span>
        ${
          byStep[i]!.length > 0
            ? html`<ul class="sent">${byStep[i]!.map(
                (n) =>
                  html`<li><a href="/console/deliveries/${n.notificationId}" data-notification-id="${n.notificationId}">${typeName(n.notificationTypeId)}</a> <span class="muted">${n.status}</span></li>`,
              )}</ul>`
            : ''
        }
      </li>`,
    )}
  </ol>`
}

const FIGURES = ['loanAmount', 'loanDurationMonths', 'monthlyInstallmentAmount', 'tan', 'taeg', 'mtic', 'loanToValue'] as const

/** The engine's figures of a loan with their labels and formatted values, and the borrowers' effort rate when the detail has it. */
export function figures(lang: Lang, loan: Record<string, unknown>, borrowers?: Record<string, unknown>) {
  const effort = Object.entries(borrowers ?? {}).filter(([key]) => /dsti|effort/i.test(key))
  return html`<h2>${t(lang, 'figures')}</h2><dl class="figures">
    ${[...FIGURES.map((key) => [key, loan[key]] as const), ...effort].map(
      ([key, value]) => html`<dt title="${key}">${fieldLabel(lang, key)}</dt><dd data-figure="${key}">${figure(lang, key, value)}</dd>`,
    )}
  </dl>`
}

/** Every value of a record (a borrower's data, a property), one labelled line each, nested groups flattened. */
export function fields(lang: Lang, record: Record<string, unknown>) {
  const lines: Array<[string, unknown]> = []
  const walk = (value: Record<string, unknown>) => {
    for (const [key, v] of Object.entries(value)) {
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) walk(v as Record<string, unknown>)
      else if (v !== null && v !== undefined && v !== '') lines.push([key, v])
    }
  }
  walk(record)
  return html`<dl class="fields">${lines.map(([key, v]) => html`<dt title="${key}">${fieldLabel(lang, key)}</dt><dd>${figure(lang, key, v)}</dd>`)}</dl>`
}

/** The ids of the statuses the workflow allows from the current one (none from a final status). */
export function nextStatuses<S extends string>(lifecycle: Lifecycle<S>, currentId: number): number[] {
  const code = lifecycle.codeOf(currentId)
  return code === undefined ? [] : lifecycle.workflow[code].map((next) => lifecycle.id(next))
}

/** The bank's side by hand: only the statuses the workflow allows from where the record stands, a bank message, an echo. */
export function driveForms(
  lang: Lang,
  kind: 'simulations' | 'processes',
  id: string,
  csrf: string,
  options: { next: Array<{ id: number; name: string }>; echoTypes: readonly number[]; open: boolean },
) {
  return html`<h2>${t(lang, 'drive')}</h2>
    ${
      options.next.length > 0
        ? html`<form method="post" action="/console/${kind}/${id}/status" class="filters">${csrfField(csrf)}
          <label>${t(lang, 'forceStatus')} <select name="statusId">${options.next.map((s) => html`<option value="${s.id}">${s.name}</option>`)}</select></label>
          <button>${t(lang, 'forceStatus')}</button>
        </form>`
        : html`<p class="hint" id="no-move">${t(lang, 'noMove')}</p>`
    }
    ${
      options.open
        ? html`<form method="post" action="/console/${kind}/${id}/message" class="filters">${csrfField(csrf)}
          <label>${t(lang, 'bankMessage')} <input name="messageText" size="50" maxlength="1000" required /></label> <button>${t(lang, 'send')}</button>
        </form>`
        : ''
    }
    <form method="post" action="/console/${kind}/${id}/echo" class="filters">${csrfField(csrf)}
      <label>${t(lang, 'echo')} <select name="type">${options.echoTypes.map((type) => html`<option>${type}</option>`)}</select></label> <button>${t(lang, 'send')}</button>
    </form>`
}
