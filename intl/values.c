#include "intl/text.h"
void kit_intl_values_install(js_State *J) { (void)J; }
