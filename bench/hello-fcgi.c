/* hello-fcgi — the baseline for `make bench`: the cheapest possible libfcgi
 * responder. One thread, one FCGX_Request, a fixed 12-byte body. kit-fcgi's
 * stored-page throughput is measured against this behind the same lighttpd
 * config, so the ratio shows what kit costs on top of FastCGI itself. */
#include <fcgiapp.h>

int main(void)
{
	static const char response[] =
		"Status: 200 OK\r\n"
		"Content-Type: text/plain\r\n"
		"Content-Length: 12\r\n"
		"\r\n"
		"Hello world\n";
	FCGX_Request req;

	if (FCGX_Init() != 0)
		return 1;
	FCGX_InitRequest(&req, 0, 0);
	while (FCGX_Accept_r(&req) >= 0) {
		FCGX_PutStr(response, sizeof response - 1, req.out);
		FCGX_Finish_r(&req);
	}
	return 0;
}
