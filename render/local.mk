# render/ — the engine library (libkitrender.a).
noinst_LIBRARIES += librender.a
librender_a_CFLAGS = $(AM_CFLAGS) $(MUJS_CFLAGS)
librender_a_SOURCES = \
	render/arena.c render/arena.h \
	render/buf.c render/buf.h \
	render/model.c render/model.h
librender_a_SOURCES += \
	render/engine.c render/engine.h render/engine_impl.h \
	render/walk.c render/loop.c render/loop.h render/stream.c \
	render/req.c render/jsstr.c render/jsstr.h \
	render/binary.c render/binary.h
# Encoders: JSON, Flight rows, Fizz-compatible HTML (html*.c by job, see
# render/html_impl.h).
librender_a_SOURCES += \
	render/json.c render/json.h \
	render/flight.c render/flight.h \
	render/html.c render/html.h render/html_impl.h \
	render/html_element.c render/html_form.c render/html_resource.c \
	render/html_attr.c render/html_text.c render/html_suspense.c
# libcurl, dlopened on first use (render/curl.c), and fetch() over it: the
# engine's curl multi handle.
librender_a_SOURCES += render/curl.c render/curl.h
# the JS heap of an engine (size classes in chunks)
librender_a_SOURCES += render/heap.c render/heap.h
librender_a_SOURCES += render/fetch.c render/fetch.h render/fs.c render/fs.h
# process.env: the .env files' values under the process's environment
librender_a_SOURCES += render/env.c render/env.h
# AES-256-GCM (libcrypto, dlopened on first use) for what inline server actions capture
librender_a_SOURCES += render/seal.c render/seal.h
# libcrypto, dlopened by its first user (digests, sealing)
librender_a_SOURCES += render/libcrypto.c render/libcrypto.h
# the paths a Next.js-shaped middleware runs for, shared by the host and kit-build
librender_a_SOURCES += render/nextmatch.c render/nextmatch.h
librender_a_CFLAGS += $(CURL_CFLAGS)
# rpc(): host calls to the backend over the same multi handle (docs/wire-formats.md §5).
librender_a_SOURCES += render/rpc.c render/rpc.h
librender_a_SOURCES += render/header.c render/header.h render/xalloc.h
# engine stacks named by the app's source files (.kit/lines/ tables), the one log line of a failure
librender_a_SOURCES += render/srcmap.c render/srcmap.h render/errlog.c render/errlog.h
# the layout chain of a request (X-RSC-Layouts)
librender_a_SOURCES += render/chain.c render/chain.h
