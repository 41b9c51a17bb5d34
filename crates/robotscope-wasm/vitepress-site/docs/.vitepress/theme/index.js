// The default theme, plus the element (importing it during the server build defines nothing and throws nothing).
import DefaultTheme from 'vitepress/theme';
import 'robotscope/element';

export default DefaultTheme;
