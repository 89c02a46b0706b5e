import { widgetCss } from '../shared/css.ts';
import own from './styles.css?raw';

export default widgetCss(own);
