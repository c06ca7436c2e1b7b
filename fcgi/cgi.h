/* cgi.h — serving one request as plain CGI (environment in, stdout out). */
#ifndef KIT_CGI_H
#define KIT_CGI_H

/* Opens the app in $KIT_APP_DIR (else the current directory), answers the
 * request described by the CGI environment, returns the exit status. */
int kit_cgi_main(void);

#endif
