/* kit.cgi — kit as plain CGI, for shared hosting without FastCGI. */
#include "fcgi/cgi.h"

int main(void)
{
	return kit_cgi_main();
}
