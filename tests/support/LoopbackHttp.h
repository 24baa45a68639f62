#pragma once

namespace ptriage::test {

// A TCP port on 127.0.0.1 free a moment ago (bound to port 0, then closed); -1 when none could be had.
int freeTcpPort();
// One HTTP/1.0 GET of `port`'s page on 127.0.0.1, on a fresh connection read to its end (the server
// closes it after its answer, as a page polling a status endpoint sees); true on a whole answer.
bool getPage(int port);
// A connect-only readiness probe (`nc -z`, bash's /dev/tcp): connects to `port` and hangs up first, then
// waits (up to 5 s) for the server to close its end; true when it connected.
bool probe(int port);

} // namespace ptriage::test
