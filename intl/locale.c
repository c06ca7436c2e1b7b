#include "intl/text.h"
void kit_intl_locale_install(js_State *J) { (void)J; }
