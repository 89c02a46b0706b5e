// The 404 page is served for any unknown path: record which one was requested.
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
