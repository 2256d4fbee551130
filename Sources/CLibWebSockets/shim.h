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

// A timer of the libev loop itself, one shot. lws's own timers (sul) are re-armed on the loop
// only from lws's callbacks, so one scheduled between passes (from mail the thread drained
// before waiting) could wait for the next unrelated event; libev computes each wait from its
// own timers. Like lws_swift_timer, the watcher sits first, next to what its callback needs.
typedef void (*lws_swift_loop_timer_fired)(void *user);
struct lws_swift_loop_timer {
    ev_timer watcher;
    void *user;
    lws_swift_loop_timer_fired fired;
};

static void lws_swift_loop_timer_callback(struct ev_loop *loop, ev_timer *watcher, int revents) {
    (void)loop;
    (void)revents;
    struct lws_swift_loop_timer *timer = (struct lws_swift_loop_timer *)watcher;
    timer->fired(timer->user);
}

// (Re)arms `timer` to fire once, `seconds` from now (the loop's time brought up to date first:
// it is the time of the loop's last wake-up, and a pass can be long).
static inline void lws_swift_loop_timer_start(void *loop, struct lws_swift_loop_timer *timer, double seconds) {
    struct ev_loop *evLoop = (struct ev_loop *)loop;
    ev_timer_stop(evLoop, &timer->watcher);
    ev_now_update(evLoop);
    ev_timer_init(&timer->watcher, lws_swift_loop_timer_callback, seconds, 0.);
    ev_timer_start(evLoop, &timer->watcher);
}

static inline void lws_swift_loop_timer_stop(void *loop, struct lws_swift_loop_timer *timer) {
    ev_timer_stop((struct ev_loop *)loop, &timer->watcher);
}

// A timer on a context's loop. An lws timer (sul) carries no user pointer, so it sits first in a
// struct next to one: the callback's sul pointer is the struct's.
struct lws_swift_timer {
    lws_sorted_usec_list_t sul;
    void *user;
};
