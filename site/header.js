/* The header stays at the top of every page (style.css), so the search box is always within
 * reach. Once the reader scrolls down, it folds to its first row (the game links hide) so
 * that it takes little of a phone's screen; back near the top it unfolds. The two heights
 * apart keep it from flickering at one scroll position. Folding keeps the header's place in
 * the page (a bottom margin as high as the rows it hides), so that nothing below it moves
 * under the reader's finger as it folds or unfolds. */
(function () {
  'use strict';
  const header = document.querySelector('.site-header');
  if (!header) return;
  const FOLD_BELOW = 200;
  const UNFOLD_ABOVE = 40;
  let ticking = false;
  function fold() {
    const unfolded = header.getBoundingClientRect().height;
    header.classList.add('compact');
    header.style.marginBottom = `${unfolded - header.getBoundingClientRect().height}px`;
  }
  function unfold() {
    header.classList.remove('compact');
    header.style.marginBottom = '';
  }
  function update() {
    ticking = false;
    const y = window.scrollY;
    const folded = header.classList.contains('compact');
    if (y > FOLD_BELOW && !folded) fold();
    else if (y < UNFOLD_ABOVE && folded) unfold();
  }
  function schedule() {
    if (!ticking) {
      ticking = true;
      requestAnimationFrame(update);
    }
  }
  window.addEventListener('scroll', schedule, { passive: true });
  // A turned phone wraps the game links into another number of rows: measure them anew.
  window.addEventListener('resize', () => {
    if (header.classList.contains('compact')) {
      unfold();
      fold();
    }
  });
  update();
})();
