// The few libcurl calls `Network` makes on Linux, looked up at run time in the libcurl that
// FoundationNetworking itself links (`libcurl.so.4`), so that no header or library is needed
// to build. libcurl's setter and getter take variable arguments, which Swift cannot call:
// these wrappers give each kind of argument a fixed signature.
#ifndef IMAGESEARCH_CURL_H
#define IMAGESEARCH_CURL_H

#include <stddef.h>
#include <stdint.h>

/// A write or header callback: `count` bytes at `bytes` (`size` is always 1); returning
/// anything but `size * count` aborts the transfer.
typedef size_t (*isc_data_callback)(char *bytes, size_t size, size_t count, void *context);

/// A transfer-progress callback; returning non-zero aborts the transfer.
typedef int (*isc_progress_callback)(
    void *context, int64_t download_total, int64_t download_now, int64_t upload_total,
    int64_t upload_now);

/// 1 when libcurl was found with every function used here and initialised; 0 otherwise.
/// Loads it on the first call (thread-safe).
int isc_available(void);

/// A new easy handle, or NULL. Only after `isc_available()` returned 1.
void *isc_easy_init(void);
void isc_easy_cleanup(void *handle);
/// Clears every option of `handle`, keeping its connections and caches.
void isc_easy_reset(void *handle);

int isc_setopt_long(void *handle, int option, long value);
int isc_setopt_offset(void *handle, int option, int64_t value);
int isc_setopt_pointer(void *handle, int option, const void *value);
int isc_setopt_data_callback(void *handle, int option, isc_data_callback callback);
int isc_setopt_progress_callback(void *handle, int option, isc_progress_callback callback);

/// Runs the transfer on the calling thread; returns libcurl's result code.
int isc_perform(void *handle);

/// The last response's status code (0 if none), or -1 if libcurl cannot tell.
long isc_response_code(void *handle);

/// libcurl's text for a result code (static storage).
const char *isc_strerror(int code);

/// A header list (libcurl's `curl_slist`): append copies `text`; NULL on failure.
void *isc_slist_append(void *list, const char *text);
void isc_slist_free_all(void *list);

#endif
