//! HTTP/1.1 on a plain `TcpStream`, one request per connection (`Connection: close`): the
//! request head is parsed by `httparse`, the body is read only up to `MAX_BODY` and only when
//! its length is declared; the whole request must arrive within `READ_TIMEOUT` and the whole
//! answer be taken within `WRITE_DEADLINE`.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::checks::CheckPool;
use super::live::{Live, LONG_POLL};
use super::routes::{self, Reply, MAX_BODY};

/// What the served pages may load: their own scripts, styles, images (tiles drawn as `data:`
/// SVG too) and connections; the inline `style` attributes of board pictures; the browser
/// engine's WebAssembly and its worker made from a blob (`assets/engine.js`); no frames.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src blob:; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// Longest request head (request line and headers).
const MAX_HEAD: usize = 16 * 1024;
const MAX_HEADERS: usize = 64;
/// Time for the client to send its whole request.
const READ_TIMEOUT: Duration = Duration::from_secs(5);
/// Time for the whole answer to be taken: a client reading slowly (or not at all) loses the
/// connection instead of holding one of the `MAX_CONNECTIONS` slots.
const WRITE_DEADLINE: Duration = Duration::from_secs(10);
/// The answer goes out in pieces of this size, each within what is left of the deadline.
const WRITE_PIECE: usize = 64 * 1024;

/// What of a request the server looks at.
struct Request {
    method: String,
    target: String,
    host: Option<String>,
    origin: Option<String>,
    content_type: Option<String>,
    body: Vec<u8>,
}

/// What every connection shares: the current build, the names the server may be asked by
/// besides its address and `localhost`, and the threads that run checks.
pub(crate) struct Shared {
    pub(crate) live: Arc<Live>,
    pub(crate) host_names: Vec<String>,
    pub(crate) checks: CheckPool,
}

/// Reads one request from `stream`, answers it and closes the connection.
pub(crate) fn serve_connection(mut stream: TcpStream, shared: &Shared) {
    let Shared {
        live,
        host_names,
        checks,
    } = shared;
    let reply = match read_request(&mut stream) {
        Ok(request) => {
            if let Some(refused) = refused(&request, &stream, host_names) {
                write_reply(&mut stream, &refused, false, WRITE_DEADLINE);
                return close(stream);
            }
            let built = match routes::seen_generation(&request.target) {
                Some(seen) => live.after(seen, LONG_POLL),
                None => live.current(),
            };
            let head_only = request.method == "HEAD";
            let gone = || client_gone(&stream);
            let check = |corpus, body| checks.check(corpus, body, &gone);
            let reply = routes::answer(
                &built,
                &request.method,
                &request.target,
                request.body,
                &check,
            );
            write_reply(&mut stream, &reply, head_only, WRITE_DEADLINE);
            return close(stream);
        }
        Err(Some(reply)) => reply,
        // The client went away or was too slow: nobody to answer.
        Err(None) => return,
    };
    write_reply(&mut stream, &reply, false, WRITE_DEADLINE);
    close(stream);
}

/// Whether the client closed the connection (a read would give its end) or it broke: then
/// nobody waits for the answer being made.
fn client_gone(stream: &TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return true;
    }
    let gone = match stream.peek(&mut [0u8; 1]) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => e.kind() != io::ErrorKind::WouldBlock,
    };
    gone || stream.set_nonblocking(false).is_err()
}

/// Only this server's own pages may talk to it. A page of another site can make a browser
/// send requests here (its own `Host` through DNS rebinding, or a cross-origin form post), so:
/// `Host` must name the address the connection came to, `localhost` or one of `host_names`,
/// and a check must come from this server's origin with a YAML body, which no form can send.
fn refused(request: &Request, stream: &TcpStream, host_names: &[String]) -> Option<Reply> {
    let Ok(local) = stream.local_addr() else {
        return Some(bad_request());
    };
    let own_host = request
        .host
        .as_deref()
        .is_some_and(|host| is_own_host(host, local, host_names));
    if !own_host {
        return Some(Reply::json_error(
            403,
            "server odpovídá jen na adresu, na které běží (nebo localhost)",
        ));
    }
    if !request.target.starts_with("/api/check") || request.method != "POST" {
        return None;
    }
    let host = request.host.as_deref().unwrap_or_default();
    let same_origin = request
        .origin
        .as_deref()
        .is_none_or(|origin| origin == format!("http://{host}"));
    if !same_origin {
        return Some(Reply::json_error(
            403,
            "ověřovat smějí jen stránky tohoto serveru",
        ));
    }
    let yaml = request.content_type.as_deref().is_some_and(|t| {
        let media = t.split(';').next().unwrap_or_default().trim();
        media.eq_ignore_ascii_case("application/yaml") || media.eq_ignore_ascii_case("text/yaml")
    });
    if !yaml {
        return Some(Reply::json_error(
            415,
            "scénář se posílá jako Content-Type: application/yaml",
        ));
    }
    None
}

/// Does `host` (a `Host` header: name or address, maybe with a port) name this server: the
/// address the connection came to, `localhost` or one of `names`, on its port?
fn is_own_host(host: &str, local: std::net::SocketAddr, names: &[String]) -> bool {
    let (name, port) = match host.rsplit_once(':') {
        // `[::1]:8000`, `127.0.0.1:8000`, `localhost:8000`; a bare IPv6 address has no port.
        Some((name, port))
            if !name.ends_with(':') && (!name.contains(':') || name.ends_with(']')) =>
        {
            (name, Some(port))
        }
        _ => (host, None),
    };
    if port.is_some_and(|p| p.parse::<u16>() != Ok(local.port())) {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    let own_ip = name.parse::<std::net::IpAddr>().is_ok_and(|ip| {
        let canonical = |ip: std::net::IpAddr| match ip {
            std::net::IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, std::net::IpAddr::V4),
            v4 => v4,
        };
        canonical(ip) == canonical(local.ip())
    });
    own_ip
        || name.eq_ignore_ascii_case("localhost")
        || names.iter().any(|n| name.eq_ignore_ascii_case(n))
}

/// The request; or the answer to a request that cannot be served (`None` when the
/// connection broke).
fn read_request(stream: &mut TcpStream) -> Result<Request, Option<Reply>> {
    let deadline = Instant::now() + READ_TIMEOUT;
    let mut buffer = Vec::with_capacity(4096);
    let mut chunk = [0u8; 8192];
    loop {
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&buffer) {
            Ok(httparse::Status::Complete(head_len)) => {
                let method = request.method.unwrap_or_default().to_owned();
                let target = request.path.unwrap_or_default().to_owned();
                let header = |name: &str| {
                    request
                        .headers
                        .iter()
                        .find(|h| h.name.eq_ignore_ascii_case(name))
                        .and_then(|h| std::str::from_utf8(h.value).ok())
                        .map(|v| v.trim().to_owned())
                };
                if header("transfer-encoding").is_some() {
                    return Err(Some(Reply::json_error(
                        411,
                        "tělo požadavku musí mít uvedenou délku (Content-Length)",
                    )));
                }
                let length = content_length(request.headers)?;
                let (host, origin, content_type) =
                    (header("host"), header("origin"), header("content-type"));
                let mut body = buffer.split_off(head_len);
                if body.len() > length {
                    // Pipelined requests are not served: one request per connection.
                    body.truncate(length);
                }
                while body.len() < length {
                    let n = read_some(stream, &mut chunk, deadline)?;
                    let wanted = (length - body.len()).min(n);
                    body.extend_from_slice(&chunk[..wanted]);
                }
                return Ok(Request {
                    method,
                    target,
                    host,
                    origin,
                    content_type,
                    body,
                });
            }
            Ok(httparse::Status::Partial) => {
                if buffer.len() >= MAX_HEAD {
                    return Err(Some(Reply::json_error(
                        431,
                        "hlavička požadavku je příliš dlouhá",
                    )));
                }
                let n = read_some(stream, &mut chunk, deadline)?;
                buffer.extend_from_slice(&chunk[..n]);
            }
            Err(_) => return Err(Some(bad_request())),
        }
    }
}

/// The body's declared length: digits only, at most `MAX_BODY`, and the same in every
/// `Content-Length` (two that differ could be read differently by a proxy: RFC 9112 §6.3).
fn content_length(headers: &[httparse::Header]) -> Result<usize, Option<Reply>> {
    let mut length = None;
    for header in headers {
        if !header.name.eq_ignore_ascii_case("content-length") {
            continue;
        }
        let value = std::str::from_utf8(header.value).unwrap_or_default().trim();
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Some(bad_request()));
        }
        let n = match value.parse::<u64>() {
            Ok(n) if n <= MAX_BODY as u64 => n as usize,
            _ => return Err(Some(too_large())),
        };
        if length.is_some_and(|l| l != n) {
            return Err(Some(bad_request()));
        }
        length = Some(n);
    }
    Ok(length.unwrap_or(0))
}

/// Reads what has arrived (at least one byte) before `deadline`.
fn read_some(
    stream: &mut TcpStream,
    chunk: &mut [u8],
    deadline: Instant,
) -> Result<usize, Option<Reply>> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
        return Err(Some(too_slow()));
    }
    match stream.read(chunk) {
        Ok(0) => Err(None),
        Ok(n) => Ok(n),
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            Err(Some(too_slow()))
        }
        Err(_) => Err(None),
    }
}

fn too_large() -> Reply {
    Reply::json_error(413, "scénář je příliš velký (nejvýše 256 KiB)")
}

fn too_slow() -> Reply {
    Reply::json_error(408, "požadavek nepřišel celý včas")
}

fn bad_request() -> Reply {
    Reply::json_error(400, "neplatný požadavek HTTP")
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        301 => "Moved Permanently",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Payload Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// Writes the answer within `within`, all of it or, when the client does not take it in time,
/// as much as it took.
fn write_reply(stream: &mut TcpStream, reply: &Reply, head_only: bool, within: Duration) {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
Content-Security-Policy: {CONTENT_SECURITY_POLICY}\r\nReferrer-Policy: no-referrer\r\n\
X-Frame-Options: DENY\r\nConnection: close\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    for (name, value) in &reply.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let body: &[u8] = if head_only { &[] } else { &reply.body };
    // A client that went away, or did not take the answer in time, gets no more of it. The
    // body is written from the reply itself: a copy would double each slow answer's memory.
    let deadline = Instant::now() + within;
    for mut rest in [head.as_bytes(), body] {
        while !rest.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || stream.set_write_timeout(Some(left)).is_err() {
                return;
            }
            match stream.write(&rest[..rest.len().min(WRITE_PIECE)]) {
                Ok(0) | Err(_) => return,
                Ok(written) => rest = &rest[written..],
            }
        }
    }
}

/// Closes after the answer, first reading (briefly, boundedly) what the client may still be
/// sending: closing with unread data would reset the connection and could lose the answer
/// (a `413` before its body, for instance).
fn close(mut stream: TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let deadline = Instant::now() + Duration::from_secs(1);
    let mut sink = [0u8; 8192];
    let mut drained = 0usize;
    while drained < 4 * MAX_BODY {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}

/// Answers `503` to a connection over the limit, without reading its request.
pub(crate) fn refuse_busy(mut stream: TcpStream) {
    let reply = Reply::json_error(503, "server je přetížený, zkuste to znovu");
    // The accept loop must not wait on this client.
    write_reply(&mut stream, &reply, false, Duration::from_millis(200));
    let _ = stream.shutdown(Shutdown::Both);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    /// A client that keeps taking the answer, but slowly, still loses it when the whole
    /// answer's time is up: a time per write would let it hold the connection for minutes.
    #[test]
    fn a_slow_reader_gets_no_more_than_the_deadline_allows() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let mut client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (mut server, _) = listener.accept().unwrap();
        let reader = std::thread::spawn(move || {
            // 64 KiB every 50 ms: about 1.3 MB/s, so 64 MiB would take close to a minute.
            let mut piece = vec![0u8; 64 * 1024];
            let mut taken = 0usize;
            while let Ok(n @ 1..) = client.read(&mut piece) {
                taken += n;
                std::thread::sleep(Duration::from_millis(50));
            }
            taken
        });
        let reply = Reply {
            status: 200,
            content_type: "application/octet-stream",
            body: vec![b'x'; 64 * 1024 * 1024],
            headers: Vec::new(),
        };
        let started = Instant::now();
        write_reply(&mut server, &reply, false, Duration::from_secs(1));
        let took = started.elapsed();
        drop(server);
        assert!(
            took < Duration::from_secs(4),
            "writing went on for {took:?}"
        );
        assert!(reader.join().unwrap() < reply.body.len());
    }
}
