#include <curl/curl.h>

// Swift cannot call C variadic functions, so these fix the argument type of each call we make.
static inline CURLcode pokedex_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode pokedex_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode pokedex_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
typedef size_t (*pokedex_curl_write_callback)(char *, size_t, size_t, void *);
static inline CURLcode pokedex_curl_setopt_write(CURL *h, CURLoption o, pokedex_curl_write_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode pokedex_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode pokedex_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
