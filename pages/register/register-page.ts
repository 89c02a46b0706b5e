// The share page takes the same URL options as the framed form (a partner id, above all).
import { applyFormOptions, readFormOptions } from '../embed/form-options.ts';

applyFormOptions(readFormOptions(new URLSearchParams(location.search)), document.querySelectorAll('society-registration'), document.documentElement);
