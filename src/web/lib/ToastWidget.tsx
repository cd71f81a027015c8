import './prime';
export { Toast } from 'primereact/toast';
