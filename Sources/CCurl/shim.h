// libcurl's easy interface for Swift: curl_easy_setopt and curl_easy_getinfo are variadic,
// which Swift cannot call, so each use has a typed wrapper here.
#ifndef CAMBIO_CURL_SHIM_H
#define CAMBIO_CURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*cambio_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*cambio_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                             curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode cambio_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cambio_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cambio_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cambio_curl_set_data_callback(CURL *handle, CURLoption option, cambio_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode cambio_curl_set_progress_callback(CURL *handle, cambio_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode cambio_curl_set_headers(CURL *handle, struct curl_slist *headers) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

static inline CURLcode cambio_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode cambio_curl_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode cambio_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
