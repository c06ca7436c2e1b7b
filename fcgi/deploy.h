/* fcgi/deploy.h — which release of a shared-hosting deploy to serve
 * (kit-build --deploy; docs/deploy.md "Shared hosting"). */
#ifndef KIT_DEPLOY_H
#define KIT_DEPLOY_H

#include <stddef.h>

/* 1 when the responder runs from a deploy: KIT_DEPLOY_DIR set and
 * KIT_APP_DIR not (an explicit app directory wins). */
int kit_deploy_active(void);

/* The app directory of the release to serve into out: app/releases/<the
 * version app/current names> when all of its files are there, else the one
 * served before (app/live). Records the choice (app/live, the document
 * root's _kit/live link, _kit/switch removed once current is served); these
 * writes are best effort. -1 with err when no release is complete. */
int kit_deploy_pick(char *out, size_t outlen, char *err, size_t errlen);

/* 1 when kit_deploy_pick may choose differently than last time: app/current
 * changed; or, at most once a second, the last pick was not what current
 * names (its upload was incomplete) or the document root holds _kit/switch.
 * One or two stat(2) calls. */
int kit_deploy_changed(void);

#endif
