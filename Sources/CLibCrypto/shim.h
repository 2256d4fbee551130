// OpenSSL's libcrypto, for its SHA-256 (libssl is loaded anyway, through libwebsockets and libcurl).
#include <openssl/sha.h>
