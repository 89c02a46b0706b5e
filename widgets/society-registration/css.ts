import { formWidgetCss } from '../shared/css.ts';
import own from './styles.css?raw';

export default formWidgetCss(own);
