"""The scripts the exercise tests run in the page, through the controls a reader uses."""

# Answer every exercise of the page: a wrong answer, (numbers) a malformed one, then the right
# one; return what the page showed after each step. The right number is typed from the
# element's data-answer, written with the locale's decimal sign.
ANSWER_ALL = """([decimal]) => {
  const seen = (root) => ({
    state: root.getAttribute('data-state'),
    feedback: root.querySelector('[role=status]').textContent.trim(),
    explained: !root.querySelector('[data-part=explain]').hidden,
  });
  return [...document.querySelectorAll('[data-exercise]')].map((root) => {
    const check = root.querySelector('button[type=submit]');
    const hintButton = root.querySelector('button[aria-controls]');
    const hint = root.querySelector('[data-part=hint]');
    const before = {hintHidden: hint.hidden};
    hintButton.click();
    before.hintShown = !hint.hidden && hintButton.getAttribute('aria-expanded') === 'true';
    before.explained = !root.querySelector('[data-part=explain]').hidden;
    const out = {id: root.getAttribute('data-exercise'), kind: root.dataset.kind, before};
    if (root.dataset.kind === 'number') {
      const input = root.querySelector('input[inputmode=decimal]');
      out.label = root.querySelector(`label[for="${input.id}"]`).textContent;
      out.answer = root.dataset.answer;
      const answer = Number(root.dataset.answer);
      const tolerance = Number(root.dataset.tolerance);
      input.value = String(answer + 2 * tolerance + 1).replace('.', decimal);
      check.click();
      out.wrong = seen(root);
      input.value = '1.2.3';
      check.click();
      out.malformed = seen(root);
      out.invalid = [input.getAttribute('aria-invalid')];
      input.value = ' ' + root.dataset.answer.replace('-', '\\u2212').replace('.', decimal) + ' ';
      check.click();
      out.right = seen(root);
      out.invalid.push(input.getAttribute('aria-invalid'));
    } else {
      const radios = [...root.querySelectorAll('fieldset input[type=radio]')];
      out.legend = root.querySelector('fieldset > legend').textContent;
      out.options = radios.map((radio) => radio.value);
      out.labelled = radios.every((radio) =>
        root.querySelector(`label[for="${radio.id}"]`).textContent.trim() !== '');
      out.correct = root.dataset.correct;
      radios.find((radio) => radio.value !== root.dataset.correct).click();
      check.click();
      out.wrong = seen(root);
      radios.find((radio) => radio.value === root.dataset.correct).click();
      check.click();
      out.right = seen(root);
    }
    return out;
  });
}"""
PROGRESS = (
    "() => [...document.querySelectorAll('[data-exercise-progress]')].map(p => p.textContent)"
)
OVERVIEW = """() => [...document.querySelectorAll('[data-exercise-count]')].map(
  (span) => [span.closest('li').querySelector('a').getAttribute('href'), span.textContent])"""
# Type each text into one number exercise and check it; the state each answer left.
TRY_INPUTS = """([id, texts]) => {
  const root = document.querySelector(`[data-exercise="${id}"]`);
  const input = root.querySelector('input[inputmode=decimal]');
  return texts.map((text) => {
    input.value = text;
    root.querySelector('button[type=submit]').click();
    return root.getAttribute('data-state');
  });
}"""
# localStorage that throws, as with storage blocked by the browser's settings.
BLOCK_STORAGE = """Object.defineProperty(window, 'localStorage', {
  configurable: true, get() { throw new DOMException('blocked by the test', 'SecurityError'); },
});"""
