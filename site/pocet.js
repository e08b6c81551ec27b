// Czech numerals for the pages' scripts: a number with its noun in the form it takes after
// it ("1 duch", "2 duchové", "5 duchů"), as `czech::count` does in Rust. `forms` are the
// forms for 1, for 2–4, and for 0 and 5 or more.
globalThis.CarcrefPocet = function (n, forms) {
  'use strict';
  return n + ' ' + (n === 1 ? forms[0] : n >= 2 && n <= 4 ? forms[1] : forms[2]);
};
