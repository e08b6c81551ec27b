// The default content is embedded with include_dir!; rebuild whenever it changes.
fn main() {
    println!("cargo:rerun-if-changed=content");
}
