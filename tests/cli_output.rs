//! What `show` prints for a reader: numbered lists keep their numbers.

mod common;

use common::{carcref, code, stdout};

#[test]
fn show_keeps_numbered_lists_numbered() {
    let output = carcref(&["show", "dc-prubeh-tahu"], None);
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    for step in [
        "1. Přiložení kartičky",
        "2. Duchové a strážný",
        "3. Vyhodnocení",
    ] {
        assert!(text.contains(step), "{step}: {text}");
    }
}
