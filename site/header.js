/* The header stays at the top of every page (style.css), so the search box is always within
 * reach. Once the reader scrolls down, it folds to its first row (the game links hide) so
 * that it takes little of a phone's screen; back near the top it unfolds. The two heights
 * apart keep it from flickering at one scroll position. */
(function () {
  'use strict';
  const header = document.querySelector('.site-header');
  if (!header) return;
  const FOLD_BELOW = 200;
  const UNFOLD_ABOVE = 40;
  let ticking = false;
  function update() {
    ticking = false;
    const y = window.scrollY;
    if (y > FOLD_BELOW) header.classList.add('compact');
    else if (y < UNFOLD_ABOVE) header.classList.remove('compact');
  }
  window.addEventListener(
    'scroll',
    () => {
      if (!ticking) {
        ticking = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  update();
})();
