#include <libwebsockets.h>

// LWS_PRE is a function-like macro, which Swift does not import: the headroom lws_write needs
// before a payload.
static inline int lws_swift_pre(void) { return LWS_PRE; }
