/* reltime.c — Intl.RelativeTimeFormat over ICU's ureldatefmt. */
#include "intl/intl.h"

void kit_intl_reltime_install(js_State *J);

void kit_intl_reltime_install(js_State *J)
{
	(void)J;
}
