/* seal.c — AES-256-GCM for the values inline server actions close over
 * (seal.h, docs/actions.md §1).
 *
 * libcrypto (OpenSSL 3, or 1.1) is loaded on the first seal through
 * libcrypto.c, the loader binary.c's crypto.subtle.digest shares: a server
 * without inline actions never maps it. The
 * key: KIT_SERVER_ACTIONS_KEY (32 bytes in base64) when set, else the
 * action-key file kit-build writes beside server.js (a new one per build).
 * A sealed text is base64url(iv[12] | ciphertext | tag[16]), the action id
 * its associated data: a text sealed for one action does not open for
 * another. */
#include "render/seal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/libcrypto.h"
#include "render/xalloc.h"

#define KEY_BYTES 32
#define IV_BYTES 12
#define TAG_BYTES 16
/* EVP_CIPHER_CTX_ctrl's commands for GCM (openssl/evp.h) */
#define CTRL_GCM_GET_TAG 0x10
#define CTRL_GCM_SET_TAG 0x11

static struct {
	void *(*ctx_new)(void);
	void (*ctx_free)(void *ctx);
	const void *(*aes_256_gcm)(void);
	int (*encrypt_init)(void *ctx, const void *cipher, void *impl, const unsigned char *key, const unsigned char *iv);
	int (*encrypt_update)(void *ctx, unsigned char *out, int *outl, const unsigned char *in, int inl);
	int (*encrypt_final)(void *ctx, unsigned char *out, int *outl);
	int (*decrypt_init)(void *ctx, const void *cipher, void *impl, const unsigned char *key, const unsigned char *iv);
	int (*decrypt_update)(void *ctx, unsigned char *out, int *outl, const unsigned char *in, int inl);
	int (*decrypt_final)(void *ctx, unsigned char *out, int *outl);
	int (*ctrl)(void *ctx, int type, int arg, void *ptr);
	int (*rand_bytes)(unsigned char *buf, int num);
} ossl;

#define SYM(name, field) { name, (void **)&ossl.field }
static const kit_crypto_sym symbols[] = {
	SYM("EVP_CIPHER_CTX_new", ctx_new),
	SYM("EVP_CIPHER_CTX_free", ctx_free),
	SYM("EVP_aes_256_gcm", aes_256_gcm),
	SYM("EVP_EncryptInit_ex", encrypt_init),
	SYM("EVP_EncryptUpdate", encrypt_update),
	SYM("EVP_EncryptFinal_ex", encrypt_final),
	SYM("EVP_DecryptInit_ex", decrypt_init),
	SYM("EVP_DecryptUpdate", decrypt_update),
	SYM("EVP_DecryptFinal_ex", decrypt_final),
	SYM("EVP_CIPHER_CTX_ctrl", ctrl),
	SYM("RAND_bytes", rand_bytes),
};

static int lib_state;  /* 0 not tried, 1 loaded, -1 failed */
static char lib_failure[400];

static int lib_load(void)
{
	if (lib_state)
		return lib_state;
	char why[256];
	if (kit_crypto_bind(symbols, sizeof symbols / sizeof *symbols, why, sizeof why) < 0) {
		snprintf(lib_failure, sizeof lib_failure,
			 "inline server actions need libcrypto (libcrypto.so.3) to seal what they capture: %s "
			 "(on Debian: apt-get install libssl3)", why);
		lib_state = -1;
	} else {
		lib_state = 1;
	}
	return lib_state;
}

static const char b64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static int b64_value(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+' || c == '-')
		return 62;
	if (c == '/' || c == '_')
		return 63;
	return -1;
}

/* Base64 or base64url, padding and trailing white space allowed: the bytes
 * written to out (at most cap), or -1. Strict about the end (no stray
 * character, no bits set past the last byte), so that one text has one
 * spelling: a changed character never decodes to the same bytes. */
static long b64_decode(const char *s, size_t len, unsigned char *out, size_t cap)
{
	while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '='))
		len--;
	unsigned acc = 0;
	int bits = 0;
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		int v = b64_value((unsigned char)s[i]);
		if (v < 0)
			return -1;
		acc = (acc << 6) | (unsigned)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			if (n == cap)
				return -1;
			out[n++] = (unsigned char)(acc >> bits);
			acc &= (1u << bits) - 1;
		}
	}
	if (bits >= 6 || acc != 0)
		return -1;
	return (long)n;
}

static char *b64url_encode(const unsigned char *p, size_t len)
{
	char *out = kit_xmalloc(len / 3 * 4 + 5), *o = out;
	size_t i = 0;
	for (; i + 2 < len; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (unsigned)p[i + 1] << 8 | p[i + 2];
		*o++ = b64url[v >> 18];
		*o++ = b64url[(v >> 12) & 63];
		*o++ = b64url[(v >> 6) & 63];
		*o++ = b64url[v & 63];
	}
	if (i < len) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < len ? (unsigned)p[i + 1] << 8 : 0);
		*o++ = b64url[v >> 18];
		*o++ = b64url[(v >> 12) & 63];
		if (i + 1 < len)
			*o++ = b64url[(v >> 6) & 63];
	}
	*o = 0;
	return out;
}

struct seal_state {
	char *key_file;            /* action-key beside server.js */
	int have_key;              /* 0 not read, 1 read, -1 failed */
	unsigned char key[KEY_BYTES];
	char failure[400];
};

static int key_load(struct seal_state *s)
{
	if (s->have_key)
		return s->have_key;
	const char *env = getenv("KIT_SERVER_ACTIONS_KEY");
	char text[256];
	const char *from;
	size_t len;
	if (env && *env) {
		from = "KIT_SERVER_ACTIONS_KEY";
		len = strlen(env);
		if (len >= sizeof text)
			len = sizeof text - 1;
		memcpy(text, env, len);
	} else {
		from = s->key_file;
		FILE *f = fopen(s->key_file, "rb");
		if (!f) {
			snprintf(s->failure, sizeof s->failure,
				 "inline server actions need a key: %s is missing (kit-build writes it) and KIT_SERVER_ACTIONS_KEY is not set",
				 s->key_file);
			return s->have_key = -1;
		}
		len = fread(text, 1, sizeof text - 1, f);
		fclose(f);
	}
	text[len] = 0;
	if (b64_decode(text, len, s->key, sizeof s->key) != KEY_BYTES) {
		snprintf(s->failure, sizeof s->failure, "the key in %s is not 32 bytes in base64 (openssl rand -base64 32 writes one)",
			 from);
		return s->have_key = -1;
	}
	return s->have_key = 1;
}

static void ready(js_State *J, struct seal_state *s)
{
	if (lib_load() < 0)
		js_error(J, "%s", lib_failure);
	if (key_load(s) < 0)
		js_error(J, "%s", s->failure);
}

/* __kit_seal(id, text): base64url(iv | AES-256-GCM(text, aad id) | tag) */
static void native_seal(js_State *J)
{
	struct seal_state *s = js_currentfunctiondata(J);
	const char *id = js_tostring(J, 1), *text = js_tostring(J, 2);
	ready(J, s);
	size_t n = strlen(text), idlen = strlen(id);
	if (n > 1 << 24)
		js_rangeerror(J, "the values an inline server action captures are over 16 MiB");
	unsigned char *buf = kit_xmalloc(IV_BYTES + n + TAG_BYTES);
	void *ctx = ossl.ctx_new();
	int len = 0, fin = 0;
	int ok = ctx && ossl.rand_bytes(buf, IV_BYTES) == 1 &&
		 ossl.encrypt_init(ctx, ossl.aes_256_gcm(), NULL, s->key, buf) == 1 &&
		 ossl.encrypt_update(ctx, NULL, &len, (const unsigned char *)id, (int)idlen) == 1 &&
		 ossl.encrypt_update(ctx, buf + IV_BYTES, &len, (const unsigned char *)text, (int)n) == 1 &&
		 ossl.encrypt_final(ctx, buf + IV_BYTES + len, &fin) == 1 &&
		 ossl.ctrl(ctx, CTRL_GCM_GET_TAG, TAG_BYTES, buf + IV_BYTES + len + fin) == 1;
	if (ctx)
		ossl.ctx_free(ctx);
	if (!ok) {
		free(buf);
		js_error(J, "libcrypto could not seal the values of server action %s", id);
	}
	char *out = b64url_encode(buf, IV_BYTES + (size_t)len + (size_t)fin + TAG_BYTES);
	free(buf);
	if (js_try(J)) {
		free(out);
		js_throw(J);
	}
	js_pushstring(J, out);
	js_endtry(J);
	free(out);
}

/* __kit_unseal(id, sealed): the text, or null when it does not verify */
static void native_unseal(js_State *J)
{
	struct seal_state *s = js_currentfunctiondata(J);
	const char *id = js_tostring(J, 1), *sealed = js_tostring(J, 2);
	ready(J, s);
	size_t slen = strlen(sealed), idlen = strlen(id);
	size_t cap = slen / 4 * 3 + 3;
	unsigned char *raw = kit_xmalloc(cap), *plain = kit_xmalloc(cap + 1);
	long n = b64_decode(sealed, slen, raw, cap);
	int ok = 0, len = 0, fin = 0;
	if (n >= IV_BYTES + TAG_BYTES) {
		int clen = (int)(n - IV_BYTES - TAG_BYTES);
		void *ctx = ossl.ctx_new();
		ok = ctx && ossl.decrypt_init(ctx, ossl.aes_256_gcm(), NULL, s->key, raw) == 1 &&
		     ossl.decrypt_update(ctx, NULL, &len, (const unsigned char *)id, (int)idlen) == 1 &&
		     ossl.decrypt_update(ctx, plain, &len, raw + IV_BYTES, clen) == 1 &&
		     ossl.ctrl(ctx, CTRL_GCM_SET_TAG, TAG_BYTES, raw + IV_BYTES + clen) == 1 &&
		     ossl.decrypt_final(ctx, plain + len, &fin) == 1;
		if (ctx)
			ossl.ctx_free(ctx);
	}
	free(raw);
	/* the plain text is what this server sealed: JSON, no zero byte */
	if (!ok || memchr(plain, 0, (size_t)(len + fin))) {
		free(plain);
		js_pushnull(J);
		return;
	}
	plain[len + fin] = 0;
	if (js_try(J)) {
		free(plain);
		js_throw(J);
	}
	js_pushstring(J, (const char *)plain);
	js_endtry(J);
	free(plain);
}

static void free_state(js_State *J, void *data)
{
	(void)J;
	struct seal_state *s = data;
	memset(s->key, 0, sizeof s->key);
	free(s->key_file);
	free(s);
}

void kit_seal_install(js_State *J, const char *server_js)
{
	const char *slash = server_js ? strrchr(server_js, '/') : NULL;
	size_t dir = slash ? (size_t)(slash - server_js + 1) : 0;
	struct seal_state *s = kit_xmalloc(sizeof *s);
	memset(s, 0, sizeof *s);
	s->key_file = kit_xmalloc(dir + sizeof KIT_SEAL_KEY_FILE);
	if (dir)
		memcpy(s->key_file, server_js, dir);
	memcpy(s->key_file + dir, KIT_SEAL_KEY_FILE, sizeof KIT_SEAL_KEY_FILE);
	/* one state, two functions: the first frees it */
	js_newcfunctionx(J, native_seal, "__kit_seal", 2, s, free_state);
	js_setglobal(J, "__kit_seal");
	js_newcfunctionx(J, native_unseal, "__kit_unseal", 2, s, NULL);
	js_setglobal(J, "__kit_unseal");
}
