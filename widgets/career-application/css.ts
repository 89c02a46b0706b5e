import { formWidgetCss } from '../element/css.ts';
import own from './styles.css?raw';

export default formWidgetCss(own);
