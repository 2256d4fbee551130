// bare-lws-peer [--port N]: the floor `scripts/bench load` measures the server against. A
// libwebsockets server with C callbacks only, on the same lws and the same libev loop as the
// project's (epoll, `LWS_SERVER_OPTION_LIBEV`, UTF-8 checked), one service thread:
// - a text message starting with '!' is sent to every open connection (a broadcast);
// - any other message is sent back to its sender (an echo).
// A message is written at once where the socket takes it (as the project's server writes), and
// otherwise queued for the connection's next LWS_CALLBACK_SERVER_WRITEABLE.
// Any HTTP request gets a 404. It prints `bare-lws-peer listening on ws://127.0.0.1:PORT/ws` once it listens and serves
// until killed. Nothing in it is Pokédex logic.
#include <libwebsockets.h>
#include <ev.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Broadcasts not yet written to every connection: a connection more than this many behind
// skips the oldest ones (the bench sends one every few hundred milliseconds).
#define RING 64

struct message {
    size_t length;
    unsigned char *bytes; // LWS_PRE bytes of headroom, then the payload
};

static struct message ring[RING];
// Broadcasts received so far; ring[i % RING] holds broadcast i.
static unsigned long long broadcasts;
static struct session *open_sessions;

struct session {
    // Every open connection, for broadcasts.
    struct session *previous, *next;
    struct lws *wsi;
    // A message being received in fragments, then an echo waiting to be written.
    unsigned char *incoming;
    size_t incoming_length;
    struct message echo;
    // Broadcasts this connection has been sent (it starts at the count when it opened).
    unsigned long long broadcasts_sent;
};

static unsigned char *with_headroom(const void *payload, size_t length) {
    unsigned char *bytes = malloc(LWS_PRE + length);
    if (bytes) memcpy(bytes + LWS_PRE, payload, length);
    return bytes;
}

static int writable(struct lws *wsi, struct session *session);

// Writes what `session` has waiting now if its socket takes it, else asks for a writable callback.
static void flush(struct session *session) {
    if (lws_send_pipe_choked(session->wsi)) {
        lws_callback_on_writable(session->wsi);
    } else if (writable(session->wsi, session) < 0) {
        lws_set_timeout(session->wsi, PENDING_TIMEOUT_KILLED_BY_PARENT, LWS_TO_KILL_ASYNC);
    }
}

static void received(struct session *session, unsigned char *payload, size_t length) {
    if (length > 0 && payload[0] == '!') {
        struct message *slot = &ring[broadcasts % RING];
        free(slot->bytes);
        slot->bytes = with_headroom(payload, length);
        slot->length = slot->bytes ? length : 0;
        broadcasts++;
        for (struct session *member = open_sessions; member; member = member->next) flush(member);
        return;
    }
    free(session->echo.bytes);
    session->echo.bytes = with_headroom(payload, length);
    session->echo.length = session->echo.bytes ? length : 0;
    flush(session);
}

static int writable(struct lws *wsi, struct session *session) {
    if (session->echo.bytes) {
        int written = lws_write(wsi, session->echo.bytes + LWS_PRE, session->echo.length, LWS_WRITE_TEXT);
        free(session->echo.bytes);
        session->echo.bytes = NULL;
        if (written < (int)session->echo.length) return -1;
    } else if (session->broadcasts_sent < broadcasts) {
        if (broadcasts - session->broadcasts_sent > RING) session->broadcasts_sent = broadcasts - RING;
        struct message *message = &ring[session->broadcasts_sent % RING];
        session->broadcasts_sent++;
        if (message->bytes && lws_write(wsi, message->bytes + LWS_PRE, message->length, LWS_WRITE_TEXT) < (int)message->length) return -1;
    }
    // One write per call: what is left waits for the socket.
    if (session->echo.bytes || session->broadcasts_sent < broadcasts) lws_callback_on_writable(wsi);
    return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t length) {
    struct session *session = user;
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        memset(session, 0, sizeof *session);
        session->wsi = wsi;
        session->broadcasts_sent = broadcasts;
        session->next = open_sessions;
        if (open_sessions) open_sessions->previous = session;
        open_sessions = session;
        break;
    case LWS_CALLBACK_RECEIVE: {
        int whole = lws_is_first_fragment(wsi) && lws_is_final_fragment(wsi);
        if (whole && !session->incoming) {
            received(session, in, length);
            break;
        }
        unsigned char *grown = realloc(session->incoming, session->incoming_length + length);
        if (!grown) return -1;
        memcpy(grown + session->incoming_length, in, length);
        session->incoming = grown;
        session->incoming_length += length;
        if (lws_is_final_fragment(wsi)) {
            received(session, session->incoming, session->incoming_length);
            free(session->incoming);
            session->incoming = NULL;
            session->incoming_length = 0;
        }
        break;
    }
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return writable(wsi, session);
    case LWS_CALLBACK_HTTP:
        // No pages (the tester asks for /metrics): an answer at once, as a request left
        // unanswered keeps lws's loop busy until it times out.
        lws_return_http_status(wsi, HTTP_STATUS_NOT_FOUND, NULL);
        return -1;
    case LWS_CALLBACK_CLOSED:
        if (session->wsi) {
            if (session->previous) session->previous->next = session->next; else open_sessions = session->next;
            if (session->next) session->next->previous = session->previous;
        }
        free(session->incoming);
        free(session->echo.bytes);
        memset(session, 0, sizeof *session);
        break;
    default:
        break;
    }
    return 0;
}

/* The server's receive buffer and send cap (ServerContextInfo.receiveChunkBytes and
 * sendChunkBytes): lws keeps a receive buffer per open connection, so the idle figures compare
 * connections configured alike, and a message goes out in one send as the server's do. */
static const struct lws_protocols protocols[] = {
    {"bare", callback, sizeof(struct session), 1024, 0, NULL, 1 << 20},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

int main(int argc, char **argv) {
    int port = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--port") == 0 && i + 1 < argc) {
            port = atoi(argv[++i]);
        } else {
            fprintf(stderr, "usage: bare-lws-peer [--port N]\n");
            return 2;
        }
    }
    lws_set_log_level(LLL_ERR, NULL);
    struct ev_loop *loop = ev_loop_new(EVBACKEND_EPOLL);
    void *foreign_loops[1] = {loop};
    // No keepalive timers, as the project's server has none per connection.
    static const lws_retry_bo_t no_validity = {0};
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = port;
    info.iface = "127.0.0.1";
    info.protocols = protocols;
    info.gid = -1;
    info.uid = -1;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_LIBEV;
    info.foreign_loops = foreign_loops;
    info.retry_and_idle_policy = &no_validity;
    struct lws_context *context = lws_create_context(&info);
    if (!context) {
        fprintf(stderr, "bare-lws-peer: lws_create_context failed\n");
        return 1;
    }
    printf("bare-lws-peer listening on ws://127.0.0.1:%d/ws\n", lws_get_vhost_listen_port(lws_get_vhost_by_name(context, "default")));
    fflush(stdout);
    ev_run(loop, 0);
    lws_context_destroy(context);
    return 0;
}
