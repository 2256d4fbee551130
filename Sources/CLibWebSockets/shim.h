#include <libwebsockets.h>
#include <ev.h>

// LWS_PRE is a function-like macro, which Swift does not import: the headroom lws_write needs
// before a payload.
static inline int lws_swift_pre(void) { return LWS_PRE; }

// The libev loop a context runs on as its "foreign" loop (LWS_SERVER_OPTION_LIBEV): created,
// run and destroyed by the service thread, so lws installs no signal watcher and every wake-up
// is one epoll_wait, not a poll() over every socket.
static inline void *lws_swift_ev_loop_new(void) { return ev_loop_new(EVBACKEND_EPOLL); }

// One pass: waits for events (or the next lws timer), then runs their callbacks. False when the
// loop has no active watcher left (lws keeps its cancel pipe's open for the context's life).
static inline int lws_swift_ev_run_once(void *loop) {
    return ev_run((struct ev_loop *)loop, EVRUN_ONCE) != 0;
}

static inline void lws_swift_ev_loop_destroy(void *loop) { ev_loop_destroy((struct ev_loop *)loop); }

// A timer on a context's loop. An lws timer (sul) carries no user pointer, so it sits first in a
// struct next to one: the callback's sul pointer is the struct's.
struct lws_swift_timer {
    lws_sorted_usec_list_t sul;
    void *user;
};
