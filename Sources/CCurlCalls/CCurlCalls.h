// libcurl's setter and getter take variable arguments, which Swift cannot call. These
// wrappers make each call with a fixed kind of argument through a function pointer that
// `Network` looks up at run time (`dlsym` in the libcurl that FoundationNetworking links), so
// no libcurl header or library is needed to build. Header-only: nothing here is compiled
// until Swift calls it.
#ifndef SIGNALBOX_CCURLCALLS_H
#define SIGNALBOX_CCURLCALLS_H

#include <stddef.h>
#include <stdint.h>

/// A write or header callback: `count` bytes at `bytes` (`size` is always 1); returning
/// anything but `size * count` aborts the transfer.
typedef size_t (*ccurl_data_callback)(char *bytes, size_t size, size_t count, void *context);

/// A transfer-progress callback (`CURLOPT_XFERINFOFUNCTION`); non-zero aborts the transfer.
typedef int (*ccurl_progress_callback)(
    void *context, int64_t download_total, int64_t download_now, int64_t upload_total,
    int64_t upload_now);

/// The address libcurl is about to connect to (`struct curl_sockaddr`): `addr` is the start
/// of a socket address (`struct sockaddr`, declared here by its size so that this header
/// needs no system header) of `addrlen` bytes, which libcurl allocates in full.
struct ccurl_sockaddr {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    unsigned char addr[16];
};

/// Opens the socket of a connection (`CURLOPT_OPENSOCKETFUNCTION`): a descriptor, or -1 to
/// refuse the address.
typedef int (*ccurl_opensocket_callback)(
    void *context, int purpose, struct ccurl_sockaddr *address);

/// `curl_easy_setopt` and `curl_easy_getinfo`.
typedef int (*ccurl_variadic)(void *handle, int option, ...);

static inline int ccurl_setopt_long(const void *setopt, void *handle, int option, long value) {
    return ((ccurl_variadic)setopt)(handle, option, value);
}

static inline int ccurl_setopt_offset(
    const void *setopt, void *handle, int option, int64_t value) {
    return ((ccurl_variadic)setopt)(handle, option, value);
}

static inline int ccurl_setopt_pointer(
    const void *setopt, void *handle, int option, const void *value) {
    return ((ccurl_variadic)setopt)(handle, option, value);
}

static inline int ccurl_setopt_data_callback(
    const void *setopt, void *handle, int option, ccurl_data_callback callback) {
    return ((ccurl_variadic)setopt)(handle, option, callback);
}

static inline int ccurl_setopt_progress_callback(
    const void *setopt, void *handle, int option, ccurl_progress_callback callback) {
    return ((ccurl_variadic)setopt)(handle, option, callback);
}

static inline int ccurl_setopt_opensocket_callback(
    const void *setopt, void *handle, int option, ccurl_opensocket_callback callback) {
    return ((ccurl_variadic)setopt)(handle, option, callback);
}

#endif
