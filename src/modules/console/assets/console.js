// The console's one behaviour of its own: copy buttons ("copy as curl"). htmx does the live parts.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null
  if (!button) return
  const source = document.getElementById(button.getAttribute('data-copy'))
  if (!source) return
  const done = () => {
    button.textContent = button.getAttribute('data-copied') || 'Copied'
  }
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(source.textContent).then(done, () => {})
  else {
    const range = document.createRange()
    range.selectNodeContents(source)
    const selection = window.getSelection()
    selection.removeAllRanges()
    selection.addRange(range)
    if (document.execCommand('copy')) done()
  }
})
