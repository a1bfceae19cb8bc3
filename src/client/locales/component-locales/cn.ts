export { zhCN as locale } from '@mui/material/locale';
