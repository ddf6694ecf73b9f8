"""The scripts the exercise tests run in the page, through the controls a reader uses."""

KEY = "dplesson-exercises"
#: The browser's seed of shuffles and variants, set before the first page of a tour loads
#: (only if no progress is stored), so a tour sees the same order in every run.
SEED = 20261202
SEED_SCRIPT = f"""(() => {{ try {{
  if (!localStorage.getItem('{KEY}')) {{
    localStorage.setItem('{KEY}', JSON.stringify({{version: 2, seed: {SEED}, answers: {{}}}}));
  }}
}} catch (error) {{}} }})();"""

#: How the tour answers the k-th exercise of a chapter: ``first`` (right at once), ``retry``
#: (wrong, wrong again, right), ``reveal`` (wrong, Show solution, right: still seen; then, for
#: numbers, new numbers answered right: solved).
STRATEGIES = ("first", "retry", "reveal")

# Answer every exercise of the page with STRATEGIES[k % 3] and return what the page showed
# after each step. The right number is the current variant's answer (data-variant indexes
# data-variants), written with the page's number script; a wrong one is far from it.
ANSWER_ALL = """(strategies) => {
  const N = window.dpNumbers;
  const seen = (root) => ({
    state: root.getAttribute('data-state'),
    status: root.querySelector('.dp-exercise__status').getAttribute('data-status'),
    statusText: root.querySelector('.dp-exercise__status').textContent,
    feedback: root.querySelector('[role=status]').textContent.trim(),
    explained: !root.querySelector('[data-part=explain]').hidden,
    hinted: !root.querySelector('[data-part=hint]').hidden,
  });
  const button = (root, action) => root.querySelector(`button[data-action=${action}]`);
  return [...document.querySelectorAll('[data-exercise]')].map((root, k) => {
    const strategy = strategies[k % strategies.length];
    const check = root.querySelector('button[type=submit]');
    const out = {id: root.getAttribute('data-exercise'), kind: root.dataset.kind, strategy,
      before: seen(root), steps: []};
    const step = (name) => out.steps.push([name, seen(root)]);
    let answerRight, answerWrong;
    if (root.dataset.kind === 'number') {
      const input = root.querySelector('input[inputmode=decimal]');
      out.label = root.querySelector(`label[for="${input.id}"]`).textContent;
      const variants = JSON.parse(root.dataset.variants);
      out.variants = variants.length;
      answerRight = () => {
        const answer = variants[Number(root.dataset.variant)].a;
        input.value = ' ' + N.format(answer) + ' ';
        check.click();
      };
      answerWrong = () => {
        const answer = variants[Number(root.dataset.variant)].a;
        input.value = N.format(answer + 2 * Number(root.dataset.tolerance) + 7);
        check.click();
      };
      input.value = '1.2.3';
      check.click();
      step('malformed');
      out.invalid = input.getAttribute('aria-invalid');
    } else {
      const radios = () => [...root.querySelectorAll('fieldset input[type=radio]')];
      out.legend = root.querySelector('fieldset > legend').textContent;
      out.options = radios().map((radio) => radio.value);
      out.labelled = radios().every((radio) =>
        root.querySelector(`label[for="${radio.id}"]`).textContent.trim() !== '');
      out.correct = root.dataset.correct;
      check.click();
      step('unanswered');
      answerRight = () => {
        radios().find((radio) => radio.value === root.dataset.correct).click();
        check.click();
      };
      answerWrong = () => {
        radios().find((radio) => radio.value !== root.dataset.correct).click();
        check.click();
      };
    }
    if (strategy === 'first') {
      answerRight();
      step('right');
    } else if (strategy === 'retry') {
      answerWrong();
      step('wrong');
      answerWrong();
      step('wrong again');
      answerRight();
      step('right');
    } else {
      answerWrong();
      step('wrong');
      button(root, 'solution').click();
      step('solution');
      answerRight();
      step('right after the solution');
      if (root.dataset.kind === 'number') {
        const before = root.dataset.variant;
        button(root, 'another').click();
        step('new numbers');
        out.newVariant = root.dataset.variant !== before;
        answerRight();
        step('right with new numbers');
      }
    }
    out.wrongExplored = null;
    if (out.steps[out.steps.length - 1][1].status !== 'revealed') {
      // Exploring a solved exercise with another answer never un-solves it.
      answerWrong();
      out.wrongExplored = seen(root).status;
      answerRight();
    }
    return out;
  });
}"""

# For every numeric exercise of the page, one attempt per variant: the numbers shown (prose
# and formulas) and the answer the page accepts, then "New numbers" (but after the last).
SWEEP_VARIANTS = """() => {
  const N = window.dpNumbers;
  return [...document.querySelectorAll('[data-exercise][data-kind=number]')].map((root) => {
    const input = root.querySelector('input[inputmode=decimal]');
    const variants = JSON.parse(root.dataset.variants);
    const attempts = [];
    for (let k = 0; k < variants.length; k++) {
      const index = Number(root.dataset.variant);
      const shown = {};
      root.querySelectorAll('[data-v]').forEach((node) => {
        const name = node.getAttribute('data-v');
        const value = node.namespaceURI.endsWith('MathML') ? node.innerHTML : node.textContent;
        (shown[name] = shown[name] || []).push(value);
      });
      input.value = N.format(variants[index].a);
      root.querySelector('button[type=submit]').click();
      attempts.push({index, shown, typed: input.value, state: root.getAttribute('data-state'),
        explained: !root.querySelector('[data-part=explain]').hidden});
      if (k < variants.length - 1) root.querySelector('button[data-action=another]').click();
    }
    return {id: root.getAttribute('data-exercise'), attempts};
  });
}"""

# What each exercise shows now: its status, the numbers drawn, the last answer.
SNAPSHOT = """() => [...document.querySelectorAll('[data-exercise]')].map((root) => ({
  id: root.getAttribute('data-exercise'),
  status: root.getAttribute('data-status'),
  variant: root.dataset.variant,
  typed: (root.querySelector('input[inputmode=decimal]') || {}).value,
  checked: (root.querySelector('input[type=radio]:checked') || {}).value,
  order: [...root.querySelectorAll('input[type=radio]')].map((radio) => radio.value),
  explained: !root.querySelector('[data-part=explain]').hidden,
  statusText: root.querySelector('.dp-exercise__status').textContent,
}))"""
PROGRESS = (
    "() => [...document.querySelectorAll('[data-exercise-progress]')].map(p => p.textContent)"
)
OVERVIEW = """() => [...document.querySelectorAll('[data-exercise-count]')].map(
  (span) => [span.closest('li').querySelector('a').getAttribute('href'), span.textContent])"""
COURSE = "() => document.querySelector('[data-exercise-course]').textContent"
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
