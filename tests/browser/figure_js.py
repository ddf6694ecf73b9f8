"""The scripts the figure and formula tests run in the page."""

#: Marks whose colour must stand out from the page (WCAG 2.2: 3:1 for graphics).
MARKS = """() => {
  const probe = document.createElement('div');
  probe.style.background = 'var(--md-default-bg-color)';
  document.body.append(probe);
  const background = getComputedStyle(probe).backgroundColor;
  probe.remove();
  const marks = [];
  for (const svg of document.querySelectorAll('figure.dp-figure svg')) {
    for (const text of svg.querySelectorAll('text')) {
      marks.push(['text', getComputedStyle(text).fill]);
    }
    for (const path of svg.querySelectorAll('.dp-fig-axis, .dp-fig-line, .dp-fig-bar')) {
      marks.push([path.getAttribute('class'), getComputedStyle(path).stroke]);
    }
  }
  return {background, marks};
}"""

#: The rendered size of the smallest figure text, and how far a figure or any of its text
#: reaches past the right edge of the viewport (the page's own overflow is
#: tests/browser/test_page.py's concern: the header's language list reaches 3 px past it).
SIZES = """() => {
  const sizes = [];
  let right = 0;
  for (const figure of document.querySelectorAll('figure.dp-figure')) {
    const svg = figure.querySelector('svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    right = Math.max(right, figure.getBoundingClientRect().right, figure.scrollWidth);
    for (const text of svg.querySelectorAll('text')) {
      sizes.push(parseFloat(getComputedStyle(text).fontSize) * scale);
      right = Math.max(right, text.getBoundingClientRect().right);
    }
  }
  const overflow = right - document.documentElement.clientWidth;
  return {smallest: Math.min(...sizes), overflow};
}"""

#: The page's width, and whether the display formula holding ``char`` is set in the site's
#: math font and that font has loaded.
FORMULA = """(char) => {
  const formula = [...document.querySelectorAll('article .dp-math')]
    .find(el => el.textContent.includes(char));
  const math = formula.querySelector('math');
  return {
    width: document.documentElement.scrollWidth,
    mathFont: getComputedStyle(math).fontFamily.startsWith('"Lesson Math"'),
    fontLoaded: document.fonts.check('16px "Lesson Math"', '\u2211\u03b5')
      && [...document.fonts].some(f => f.family.includes('Lesson Math') && f.status === 'loaded'),
  };
}"""

#: The boxes of the first prime of the page's formulas and of the letter before it.
PRIME = """() => {
  const prime = [...document.querySelectorAll('article .dp-math mo')]
    .find(mo => mo.textContent === '\u2032');
  const letter = prime.previousElementSibling.getBoundingClientRect();
  const mark = prime.getBoundingClientRect();
  return {letter: [letter.left, letter.right, letter.top, letter.height],
          mark: [mark.left, mark.right, mark.top, mark.height]};
}"""

#: The explorer on a phone: its smallest chart text in px, how far it reaches to the right,
#: and the boxes of its epsilon field and its density chart.
EXPLORER = """() => {
  const root = document.querySelector('.dp-explorer');
  const sizes = [...root.querySelectorAll('svg text')].map(t => {
    const svg = t.ownerSVGElement;
    const zoom = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return parseFloat(getComputedStyle(t).fontSize) * zoom;
  });
  const box = (el) => { const r = el.getBoundingClientRect(); return {y: r.y, height: r.height}; };
  return {
    sizes,
    widest: Math.max(...[root, ...root.querySelectorAll('*')]
      .map(e => e.getBoundingClientRect().right)),
    field: box(root.querySelector('input[name=epsilon]')),
    chart: box(root.querySelector('svg.dp-chart')),
  };
}"""
