//! HTTP/1.1 on a plain `TcpStream`, one request per connection (`Connection: close`): the
//! request head is parsed by `httparse`, the body is read only up to `MAX_BODY` and only when
//! its length is declared, and the whole request must arrive within `READ_TIMEOUT`.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use super::live::{Live, LONG_POLL};
use super::routes::{self, Reply, MAX_BODY};

/// Longest request head (request line and headers).
const MAX_HEAD: usize = 16 * 1024;
const MAX_HEADERS: usize = 64;
/// Time for the client to send its whole request, and for each write of the answer.
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// Reads one request from `stream`, answers it and closes the connection.
pub fn serve_connection(mut stream: TcpStream, live: &Live) {
    let reply = match read_request(&mut stream) {
        Ok((method, target, body)) => {
            let built = match routes::seen_generation(&target) {
                Some(seen) => live.after(seen, LONG_POLL),
                None => live.current(),
            };
            let head_only = method == "HEAD";
            let reply = routes::answer(&built, &method, &target, body);
            write_reply(&mut stream, &reply, head_only);
            return close(stream);
        }
        Err(Some(reply)) => reply,
        // The client went away or was too slow: nobody to answer.
        Err(None) => return,
    };
    write_reply(&mut stream, &reply, false);
    close(stream);
}

/// Method, target and body; or the answer to a request that cannot be served (`None` when
/// the connection broke).
fn read_request(stream: &mut TcpStream) -> Result<(String, String, Vec<u8>), Option<Reply>> {
    let deadline = Instant::now() + READ_TIMEOUT;
    let _ = stream.set_write_timeout(Some(READ_TIMEOUT));
    let mut buffer = Vec::with_capacity(4096);
    let mut chunk = [0u8; 8192];
    loop {
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&buffer) {
            Ok(httparse::Status::Complete(head_len)) => {
                let method = request.method.unwrap_or_default().to_owned();
                let target = request.path.unwrap_or_default().to_owned();
                let mut length = 0usize;
                for header in request.headers.iter() {
                    if header.name.eq_ignore_ascii_case("transfer-encoding") {
                        return Err(Some(Reply::json_error(
                            411,
                            "tělo požadavku musí mít uvedenou délku (Content-Length)",
                        )));
                    }
                    if header.name.eq_ignore_ascii_case("content-length") {
                        length = match std::str::from_utf8(header.value)
                            .ok()
                            .and_then(|v| v.trim().parse::<u64>().ok())
                        {
                            Some(n) if n > MAX_BODY as u64 => return Err(Some(too_large())),
                            // At most MAX_BODY, so it fits.
                            Some(n) => n as usize,
                            None => return Err(Some(bad_request())),
                        };
                    }
                }
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
                return Ok((method, target, body));
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
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

fn write_reply(stream: &mut TcpStream, reply: &Reply, head_only: bool) {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    for (name, value) in &reply.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    if !head_only {
        bytes.extend_from_slice(&reply.body);
    }
    // A client that went away needs no answer.
    let _ = stream.write_all(&bytes).and_then(|()| stream.flush());
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
pub fn refuse_busy(mut stream: TcpStream) {
    let reply = Reply::json_error(503, "server je přetížený, zkuste to znovu");
    // The accept loop must not wait on this client.
    let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
    write_reply(&mut stream, &reply, false);
    let _ = stream.shutdown(Shutdown::Both);
}
