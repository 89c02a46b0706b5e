import { widgetCss } from '../element/css.ts';
import own from './styles.css?raw';

export default widgetCss(own);
