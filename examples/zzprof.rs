use std::time::Instant;
fn main() {
    let tmp = std::env::temp_dir().join("zzprof-content");
    let _ = std::process::Command::new("rm")
        .arg("-rf")
        .arg(&tmp)
        .status();
    std::process::Command::new("cp")
        .arg("-r")
        .arg("content")
        .arg(&tmp)
        .status()
        .unwrap();
    let file = tmp.join(
        std::env::args()
            .nth(2)
            .unwrap_or("duchove-carcassonne/rulings/uroven-1-cesty.yaml".into()),
    );
    let (a, b) = ("strážný", "strážnýx");
    let mut caches = carcref::serve::Caches::default();
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let mut times = Vec::new();
    std::thread::sleep(std::time::Duration::from_secs(3));
    for i in 0..n {
        let text = std::fs::read_to_string(&file).unwrap();
        let text = if i % 2 == 0 {
            text.replacen(a, b, 1)
        } else {
            text.replacen(b, a, 1)
        };
        std::fs::write(&file, text).unwrap();
        let t = Instant::now();
        let r = carcref::serve::render(Some(&tmp), &mut caches);
        assert!(r.is_ok());
        times.push(t.elapsed());
    }
    times.sort();
    eprintln!("median {:?}", times[n / 2]);
}
