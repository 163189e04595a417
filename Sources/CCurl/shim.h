#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift can neither call nor hold
// as a typed pointer: one wrapper for each kind of value they take, calling the function
// that CurlLibrary looked up (its address as `function`) with C's variadic convention.
typedef CURLcode (*ccurl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*ccurl_getinfo_function)(CURL *, CURLINFO, ...);

static inline CURLcode ccurl_set_long(void *function, CURL *handle, CURLoption option, long value) {
    return ((ccurl_setopt_function)function)(handle, option, value);
}
static inline CURLcode ccurl_set_string(void *function, CURL *handle, CURLoption option, const char *value) {
    return ((ccurl_setopt_function)function)(handle, option, value);
}
static inline CURLcode ccurl_set_pointer(void *function, CURL *handle, CURLoption option, void *value) {
    return ((ccurl_setopt_function)function)(handle, option, value);
}
static inline CURLcode ccurl_set_write_function(
    void *function, CURL *handle, size_t (*write)(char *, size_t, size_t, void *)) {
    return ((ccurl_setopt_function)function)(handle, CURLOPT_WRITEFUNCTION, write);
}
static inline CURLcode ccurl_set_progress_function(
    void *function, CURL *handle, int (*progress)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
    return ((ccurl_setopt_function)function)(handle, CURLOPT_XFERINFOFUNCTION, progress);
}
static inline long ccurl_response_code(void *function, CURL *handle) {
    long code = 0;
    ((ccurl_getinfo_function)function)(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
// CURL_GLOBAL_DEFAULT is a macro of macros, which Swift does not import.
static const long ccurl_global_default = CURL_GLOBAL_DEFAULT;
